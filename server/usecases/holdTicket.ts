/**
 * Put on hold (spec/2-staff-ticket-work.md §4): assignee or admin, not when resolved, closed or
 * already on hold. An optional wake-up time (`hold_until`, checked by the route's schema) hands the
 * ticket back to staff when it comes (jobs/sweeps.ts sweepHoldWakeUps); without one the hold lasts
 * until someone ends it.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { requireOpenTicketActor } from "../policies/staffTickets.ts";
import { applyTransition } from "../repositories/ticketTransitions.ts";
import { lostRace, requireTransition, type StaffActor, ticketOr404 } from "./ticketActionSupport.ts";

export async function holdTicket(
  ctx: AppContext,
  actor: StaffActor,
  ticketId: number,
  holdUntil: number | null = null,
): Promise<TicketRow> {
  const db = ctx.store.db;
  const ticket = await ticketOr404(db, ticketId);
  requireOpenTicketActor(actor, ticket);
  requireTransition("hold", ticket);
  // The assignee the policy saw is part of the guard: a reassignment in between refuses cleanly.
  const updated = await applyTransition(
    db,
    ticket.id,
    "hold",
    { last_updated: nowSeconds(), hold_until: holdUntil },
    { assignedTo: ticket.assigned_to },
  );
  if (!updated) return lostRace(db, "hold", ticket);
  ctx.events.publish("ticket.updated", { ticket: updated });
  return updated;
}
