/**
 * Resolve or close a ticket from the staff side (spec/2-staff-ticket-work.md §4): fast complete, and the second step
 * of submit-and-resolve / submit-and-close. Assignee or admin, only while open. A reason is
 * required when the last message came from the player or from another employee: checked here,
 * not only in the modal.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { FastAction, TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { excuseRequired, requireOpenTicketActor } from "../policies/staffTickets.ts";
import { applyTransition } from "../repositories/ticketTransitions.ts";
import {
  insertSystemMessage,
  lostRace,
  requireTransition,
  type StaffActor,
  ticketOr404,
} from "./ticketActionSupport.ts";

export interface CompleteTicketInput {
  ticketId: number;
  action: FastAction;
  excuse: string;
  ip: string;
}

export async function completeTicketByStaff(
  ctx: AppContext,
  actor: StaffActor,
  input: CompleteTicketInput,
): Promise<TicketRow> {
  const db = ctx.store.db;
  const ticket = await ticketOr404(db, input.ticketId);
  requireOpenTicketActor(actor, ticket);
  const transition = input.action === "RESOLVED" ? "resolve" : "close";
  requireTransition(transition, ticket);
  const excuse = input.excuse.trim();
  if (!excuse && excuseRequired(actor, ticket)) throw new AppError("excuse_required");
  const now = nowSeconds();
  const closer = String(actor.id);
  const result = await db.transaction().execute(async (trx) => {
    const updated = await applyTransition(
      trx,
      ticket.id,
      transition,
      {
        last_updated: now,
        excuse: excuse || null,
        ...(input.action === "RESOLVED" ? { resolved_by: closer } : { closed_by: closer }),
      },
      // What the policy and the excuse rule saw: the assignee and the last message's author.
      { assignedTo: ticket.assigned_to, lastMessageBy: ticket.last_message_by },
    );
    if (!updated) return null;
    const message = await insertSystemMessage(trx, updated, actor, "completion", now, {
      completed_status: input.action,
      ip_origin: input.ip || "NOT FOUND",
    });
    return { updated, message };
  });
  if (!result) return lostRace(db, transition, ticket);
  ctx.events.publish("message.created", { ticket: result.updated, message: result.message });
  ctx.events.publish("ticket.updated", { ticket: result.updated });
  return result.updated;
}
