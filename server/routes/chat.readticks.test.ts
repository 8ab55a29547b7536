/**
 * Sending a message marks the other side's messages read; staff are told only when read ticks
 * actually changed, not on every message of a busy chat.
 */
import { describe, expect, it } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { ENGINES } from "../test/engines.ts";
import { buildChatMessage, buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("read ticks on sending, on %s", (engine) => {
  const server = useTestServer(engine);

  it("tells the chat's staff once, when a reply marked the player's unread messages", async () => {
    const member = await buildMember(server.store);
    const staff = await buildStaff(server.store, { rank: "mod" });
    const ticket = await buildTicket(server.store, { member, status: "REPLIED" });
    await buildChatMessage(server.store, ticket, { message: "hello?" });
    const chatId = encodeChatId(ticket.id);
    const agent = server.client();
    await agent.signIn(staff.email, FACTORY_PASSWORD);
    const listener = agent.socket();
    const sender = agent.socket();
    await Promise.all([connected(listener), connected(sender)]);
    await emitWithAck(listener, "join_chatroom", { room_id: chatId });
    const told: unknown[] = [];
    listener.on("messages_read", (event) => told.push(event));
    const heard: unknown[] = [];
    listener.on("new_message", (event) => heard.push(event));

    for (const text of ["first reply", "second reply", "third reply"]) {
      const ack = await emitWithAck<{ ok: boolean }>(sender, "send_message", { messageObj: { chatId, message: text } });
      expect(ack.ok).toBe(true);
    }
    await expect.poll(() => heard.length).toBe(3);
    expect(told).toEqual([{ chat_id: chatId, ticket_id: ticket.id, reader_class: "dev" }]);
    const unread = await server.store.db
      .selectFrom("chat_messages")
      .select("id")
      .where("ticket_id", "=", ticket.id)
      .where("user_class", "=", "user")
      .where("read", "=", 0)
      .execute();
    expect(unread).toEqual([]);
  });
});
