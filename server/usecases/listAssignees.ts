/**
 * The employees a ticket may be assigned to in a category (spec/2-staff-ticket-work.md §4): the
 * assign dialog's list. Asked of whoever may assign the ticket, by the very checks and the very
 * eligibility rule of the assign call (assignTicket.ts, policies/staffTickets.ts), so the dialog
 * offers exactly the employees the call accepts.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { eligibleAssignees } from "../policies/staffTickets.ts";
import { listActiveStaff, type StaffMember } from "../repositories/staff.ts";
import { requireAssignment } from "./assignTicket.ts";
import { type StaffActor, ticketOr404 } from "./ticketActionSupport.ts";

export interface ListAssigneesInput {
  ticketId: number;
  /** The category the ticket would have after the assignment. */
  category: number;
}

export async function listAssignees(
  ctx: AppContext,
  actor: StaffActor,
  input: ListAssigneesInput,
): Promise<StaffMember[]> {
  const db = ctx.store.db;
  const ticket = await ticketOr404(db, input.ticketId);
  await requireAssignment(ctx, actor, ticket, input.category);
  return eligibleAssignees(
    await listActiveStaff(db, nowSeconds()),
    input.category,
    ticket.server_id,
    ticket.assigned_to,
  );
}
