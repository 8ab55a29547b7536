/**
 * Tickets leave a staff member's chat list (spec/2-staff-ticket-work.md §2, §7), pinned or not: the web client asks for
 * confirmation before removing a pinned one. Only the caller's own list is touched.
 */
import type { AppContext } from "../context.ts";
import { removeActiveChats } from "../repositories/activeChats.ts";

export async function removeTicketsFromChatList(
  ctx: AppContext,
  userId: number,
  ticketIds: number[],
): Promise<number[]> {
  const removed = await removeActiveChats(ctx.store.db, userId, [...new Set(ticketIds)]);
  if (removed.length) ctx.events.publish("chatList.removed", { userId, ticketIds: removed });
  return removed;
}
