/**
 * Pin or unpin a ticket of the caller's chat list (spec/2-staff-ticket-work.md §4). Pinning a ticket that is not in
 * the list adds it, pinned; unpinning one that is not there changes nothing. Every tab of the
 * staff member learns of the change (`ticket_pinned`, and `new_active_chat` when it was added).
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { setPin } from "../repositories/activeChats.ts";
import { findTicket } from "../repositories/tickets.ts";

export async function pinChatTicket(ctx: AppContext, userId: number, ticketId: number, pinned: boolean) {
  const ticket = await findTicket(ctx.store.db, ticketId);
  if (!ticket) throw new AppError("not_found");
  const { added, changed } = await setPin(ctx.store.db, userId, ticketId, pinned, nowSeconds());
  if (added) ctx.events.publish("chatList.added", { userId, tickets: [{ ...ticket, pinned: 1 }] });
  if (changed) ctx.events.publish("chatList.pinned", { userId, ticketId, pinned });
  return { id: ticketId, pinned };
}
