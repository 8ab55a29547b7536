/**
 * "Assign on first reply" (docs/decisions/assignment.md): with the desk setting on, an employee's
 * reply on an unassigned open ticket hands the ticket to them when they may take it by the rule
 * of "assign to me" (selfAssignRefusal: they handle its category and server and are not
 * disabled). Run after the reply is stored, whichever way it was stored (the transaction, or the
 * one statement of a plain message on PostgreSQL), so both ways share this one definition.
 *
 * The assignment is assignTicket's own write (writeAssignment): the staff-only `assignment` line,
 * the events, no notification for oneself. Its UPDATE is guarded by the ticket being unassigned,
 * so of two employees replying at once exactly one becomes the assignee, on every engine and node.
 */
import type { AppContext } from "../context.ts";
import { readSetting } from "../db/appSettings.ts";
import type { TicketRow } from "../db/schema.ts";
import { isStaff } from "../policies/policy.ts";
import { selfAssignRefusal } from "../policies/staffTickets.ts";
import { findActiveStaffMember } from "../repositories/staff.ts";
import { writeAssignment } from "./assignTicket.ts";
import type { StaffActor } from "./ticketActionSupport.ts";

/**
 * Assigns `ticket` (as the reply left it) to `sender` when the setting and the rule allow;
 * answers the ticket as it now is: assigned, or as it was when nothing changed or another
 * employee's reply took it first.
 */
export async function assignOnFirstReply(
  ctx: AppContext,
  sender: StaffActor,
  ticket: TicketRow,
  ip: string,
  now: number,
): Promise<TicketRow> {
  if (!isStaff(sender) || ticket.assigned_to !== null) return ticket;
  const db = ctx.store.db;
  if ((await readSetting(db, "assign_on_first_reply")) !== "1") return ticket;
  if (selfAssignRefusal(sender, ticket, await findActiveStaffMember(db, sender.id, now))) return ticket;
  const assigned = await writeAssignment(ctx, sender, ticket, {
    assignee: sender.id,
    category: ticket.category_id,
    ip,
    now,
  });
  return assigned ?? ticket;
}
