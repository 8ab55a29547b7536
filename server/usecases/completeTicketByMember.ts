/**
 * "My problem is solved" (spec/1-product-frame.md §2, §4): the member marks their ticket RESOLVED. Not while it
 * is still NEW TICKET (nobody has answered yet) and not once it has ended. The status change and
 * the member_resolved chat message are written together, then announced.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findTicket, insertMemberResolvedMessage, resolveTicketByMember } from "../repositories/tickets.ts";
import type { UserRow } from "../repositories/users.ts";

function refusal(ticket: TicketRow): AppError {
  return new AppError(ticket.status === "NEW TICKET" ? "ticket_not_answered" : "ticket_already_ended");
}

/** `ticket` must already be known to be this member's own (policy checked by the caller). */
export async function completeTicketByMember(
  ctx: AppContext,
  member: UserRow,
  ticket: TicketRow,
  ip: string,
): Promise<TicketRow> {
  const now = nowSeconds();
  const result = await ctx.store.db.transaction().execute(async (trx) => {
    const updated = await resolveTicketByMember(trx, ticket.id, member.id, now);
    if (!updated) return null;
    const message = await insertMemberResolvedMessage(trx, updated, member, ip.slice(0, 64), now);
    return { updated, message };
  });
  if (!result) {
    // Read again: the status may have changed since the caller loaded the ticket.
    const current = (await findTicket(ctx.store.db, ticket.id)) ?? ticket;
    throw refusal(current);
  }
  ctx.events.publish("message.created", { ticket: result.updated, message: result.message });
  ctx.events.publish("ticket.updated", { ticket: result.updated });
  return result.updated;
}
