/** A member's ticket, with the member and a mod both signed in: the parties of most chat tests. */
import { encodeChatId } from "../../common/ticket-code.ts";
import { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "./factories.ts";
import type { TestServer } from "./server.ts";

export async function buildChatParties(server: TestServer) {
  const member = await buildMember(server.store);
  const staff = await buildStaff(server.store, { rank: "mod" });
  const ticket = await buildTicket(server.store, { member });
  const player = server.client();
  await player.signIn(member.email, FACTORY_PASSWORD);
  const agent = server.client();
  await agent.signIn(staff.email, FACTORY_PASSWORD);
  return { member, staff, ticket, player, agent, chatId: encodeChatId(ticket.id) };
}
