/**
 * Tickets enter a staff member's sidebar chat list (spec/2-staff-ticket-work.md §2, §7): by the in-chats toggle, by an
 * assignment to them, or by their own reply. Written first, then announced (`new_active_chat`
 * to all of the member's tabs) for the tickets that were not in the list already.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { addActiveChats, existingTickets } from "../repositories/activeChats.ts";

/** The caller has checked that `userId` is staff. Any unknown ticket refuses the whole call (404). */
export async function addTicketsToChatList(ctx: AppContext, userId: number, ticketIds: number[]): Promise<number[]> {
  const wanted = [...new Set(ticketIds)];
  const tickets = await existingTickets(ctx.store.db, wanted);
  if (tickets.length !== wanted.length) throw new AppError("not_found");
  const added = new Set(await addActiveChats(ctx.store.db, userId, wanted, nowSeconds()));
  const fresh = tickets.filter((t) => added.has(t.id)).map((t) => ({ ...t, pinned: 0 }));
  if (fresh.length) ctx.events.publish("chatList.added", { userId, tickets: fresh });
  return [...added];
}
