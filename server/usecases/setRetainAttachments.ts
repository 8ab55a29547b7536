/**
 * Retain attachments (spec/2-staff-ticket-work.md §4): protects a ticket's files from the automatic removal, or lifts
 * the protection so that the removal may delete them again. Any employee; refused once the files
 * are gone (the ticket is clean), which is also when the page hides the control.
 */
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { findTicket } from "../repositories/tickets.ts";
import { ticketOr404 } from "./ticketActionSupport.ts";

export async function setRetainAttachments(
  ctx: AppContext,
  input: { ticketId: number; retain: boolean },
): Promise<TicketRow> {
  const db = ctx.store.db;
  const ticket = await ticketOr404(db, input.ticketId);
  if (ticket.clean) throw new AppError("attachments_already_removed");
  // clean = 0 in the WHERE: the sweep may have removed the files in between.
  const updated = await db
    .updateTable("tickets")
    .set({ retain_attachments: input.retain ? 1 : 0 })
    .where("id", "=", ticket.id)
    .where("clean", "=", 0)
    .returningAll()
    .executeTakeFirst();
  if (!updated) {
    const current = await findTicket(db, ticket.id);
    throw new AppError(current?.clean ? "attachments_already_removed" : "not_found");
  }
  ctx.events.publish("ticket.updated", { ticket: updated });
  return updated;
}
