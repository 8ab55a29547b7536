/**
 * Reopen a resolved or closed ticket (spec/2-staff-ticket-work.md §4, §6): any employee, while the ticket's category
 * still exists. WAITING DEV from the modal; REPLIED when done as part of sending a reply (the
 * reply is sent right after). The closer and the reason are cleared: the completion message
 * keeps the history, and the next completion records its own.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { refuse, reopenRefusal } from "../policies/staffTickets.ts";
import { findLiveCategory } from "../repositories/setup.ts";
import { applyTransition } from "../repositories/ticketTransitions.ts";
import { insertSystemMessage, lostRace, type StaffActor, ticketOr404 } from "./ticketActionSupport.ts";

export async function reopenTicket(
  ctx: AppContext,
  actor: StaffActor,
  input: { ticketId: number; forReply: boolean; ip: string },
): Promise<TicketRow> {
  const db = ctx.store.db;
  const ticket = await ticketOr404(db, input.ticketId);
  const action = input.forReply ? "reopenForReply" : "reopen";
  refuse(reopenRefusal(ticket, (await findLiveCategory(db, ticket.category_id)) !== undefined, action));
  const now = nowSeconds();
  const result = await db.transaction().execute(async (trx) => {
    const updated = await applyTransition(trx, ticket.id, action, {
      last_updated: now,
      resolved_by: null,
      closed_by: null,
      excuse: null,
    });
    if (!updated) return null;
    const message = await insertSystemMessage(trx, updated, actor, "reopened", now, {
      ip_origin: input.ip || "NOT FOUND",
    });
    return { updated, message };
  });
  if (!result) return lostRace(db, action, ticket);
  ctx.events.publish("message.created", { ticket: result.updated, message: result.message });
  ctx.events.publish("ticket.updated", { ticket: result.updated });
  return result.updated;
}
