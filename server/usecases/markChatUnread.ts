/**
 * Mark unread (docs/decisions/chat-list-and-notifications.md): the chat shows unread in the
 * caller's list until they open the ticket again, as Gmail's and Front's "mark as unread" do. The
 * mark is the caller's own (other holders keep theirs) and kept on the server, so every tab and
 * device shows it; a chat outside the list enters it, marked, as pinning does.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { addActiveChats } from "../repositories/activeChats.ts";
import { setMarkedUnread, type UnreadCounts, unreadCounts } from "../repositories/notifications.ts";
import { findTicket } from "../repositories/tickets.ts";

export async function markChatUnread(ctx: AppContext, userId: number, ticketId: number): Promise<UnreadCounts> {
  const db = ctx.store.db;
  const ticket = await findTicket(db, ticketId);
  if (!ticket) throw new AppError("not_found");
  const added = (await addActiveChats(db, userId, [ticket.id], nowSeconds())).length > 0;
  const changed = await setMarkedUnread(db, userId, ticket.id, true);
  if (added) ctx.events.publish("chatList.added", { userId, tickets: [{ ...ticket, pinned: 0 }] });
  if (changed) ctx.events.publish("chatList.unreadChanged", { userId, ticketId: ticket.id });
  const [counts] = await unreadCounts(db, userId, [ticket.id]);
  return counts!;
}

/** The user's visit of a ticket clears their own mark; answers whether there was one. */
export async function clearChatUnreadMark(ctx: AppContext, userId: number, ticketId: number): Promise<boolean> {
  const changed = await setMarkedUnread(ctx.store.db, userId, ticketId, false);
  if (changed) ctx.events.publish("chatList.unreadChanged", { userId, ticketId });
  return changed;
}
