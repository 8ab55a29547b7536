/**
 * Disperse an employee's active tickets (spec/3-staff-administration.md §2.2; how is not shown): each goes to another
 * active employee who handles its category and server (the rule Auto assignment uses), the least
 * loaded first, ties at random; loads count what this run already handed out. A ticket that no
 * one else matches stays where it is, and the answer says how many did. Another employee's
 * tickets only for someone who outranks them (an admin: anyone's); one's own, always.
 */
import { randomInt } from "node:crypto";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { eligibleAssignees } from "../policies/staffTickets.ts";
import { requireOutranks } from "../policies/staffUsers.ts";
import { activeTicketCounts, activeTicketsOf, type EmployeeRecord } from "../repositories/employees.ts";
import { listActiveStaff } from "../repositories/staff.ts";
import { writeAssignment } from "./assignTicket.ts";
import { employeeOr404 } from "./staffUserSupport.ts";
import type { StaffActor } from "./ticketActionSupport.ts";

export interface DisperseResult {
  dispersed: number;
  /** Tickets no other employee matches: still the employee's. */
  unmatched: TicketRow[];
}

/** Hands out `userId`'s active tickets; shared by disperse and delete. */
export async function disperseActiveTickets(
  ctx: AppContext,
  actor: StaffActor,
  userId: number,
  ip: string,
): Promise<DisperseResult> {
  const db = ctx.store.db;
  const now = nowSeconds();
  const tickets = await activeTicketsOf(db, userId);
  if (!tickets.length) return { dispersed: 0, unmatched: [] };
  const staff = (await listActiveStaff(db, now)).filter((s) => s.id !== userId);
  const loads = await activeTicketCounts(
    db,
    staff.map((s) => s.id),
  );
  let dispersed = 0;
  const unmatched: TicketRow[] = [];
  for (const ticket of tickets) {
    const eligible = eligibleAssignees(staff, ticket.category_id, ticket.server_id, userId);
    if (!eligible.length) {
      unmatched.push(ticket);
      continue;
    }
    const least = Math.min(...eligible.map((s) => loads.get(s.id) ?? 0));
    const lightest = eligible.filter((s) => (loads.get(s.id) ?? 0) === least);
    const assignee = lightest[randomInt(lightest.length)]!.id;
    // A ticket someone re-assigned or ended meanwhile is left as they made it.
    const updated = await writeAssignment(ctx, actor, ticket, { assignee, category: ticket.category_id, ip, now });
    if (!updated) continue;
    dispersed++;
    loads.set(assignee, (loads.get(assignee) ?? 0) + 1);
  }
  return { dispersed, unmatched };
}

export async function disperseTickets(
  ctx: AppContext,
  actor: StaffActor,
  input: { userId: number; ip: string },
): Promise<{ record: EmployeeRecord; dispersed: number; remaining: number }> {
  const record = await employeeOr404(ctx.store.db, input.userId);
  requireOutranks(actor, record.user);
  const { dispersed, unmatched } = await disperseActiveTickets(ctx, actor, input.userId, input.ip);
  return { record, dispersed, remaining: unmatched.length };
}
