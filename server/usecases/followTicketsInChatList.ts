/**
 * Chat lists follow the work (spec/2-staff-ticket-work.md §2, docs/decisions/chat-list-and-notifications.md): a ticket assigned to a
 * staff member enters their list, and so does a ticket a staff member replies in, as Zendesk's
 * and Freshdesk's "my open conversations" do. An assignment adds through the same use case (write,
 * then `new_active_chat`); a reply adds in the message's own commit (sendChatMessage.ts).
 */
import type { AppContext } from "../context.ts";
import { isStaff } from "../policies/policy.ts";
import { addTicketsToChatList } from "./addTicketsToChatList.ts";

async function isStaffUser(ctx: AppContext, userId: number): Promise<boolean> {
  const row = await ctx.store.db.selectFrom("users").select("class").where("id", "=", userId).executeTakeFirst();
  return isStaff(row);
}

function follow(ctx: AppContext, userId: number, ticketId: number): void {
  void (async () => {
    if (await isStaffUser(ctx, userId)) await addTicketsToChatList(ctx, userId, [ticketId]);
  })().catch((error: unknown) => ctx.events.log?.error({ err: error }, "chat list follow failed"));
}

export function subscribeChatListFollowers(ctx: AppContext): void {
  ctx.events.on("ticket.assigned", ({ ticket }) => {
    if (ticket.assigned_to !== null) follow(ctx, ticket.assigned_to, ticket.id);
  });
}
