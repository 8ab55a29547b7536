/**
 * Who may do what on a ticket from the staff side (spec 2 §6), for HTTP and sockets alike. Each
 * rule answers a refusal (an AppError with its sentence) or nothing; the use cases call them
 * before they write.
 *
 * Where the spec is silent (docs/decisions.md, "ticketpage"): an open ticket that nobody is
 * assigned to may be acted on by any employee, as help desks let any agent pick up an unassigned
 * ticket; an ended ticket whose closer is not an employee (AUTO, or the player who marked it
 * solved) may be edited by its assignee.
 */
import type { TicketRow } from "../db/schema.ts";
import { isEnded } from "../domain/ticketStatus.ts";
import { AppError } from "../http/errors.ts";
import type { StaffMember } from "../repositories/staff.ts";
import type { Actor } from "./policy.ts";

type Ticket = Pick<TicketRow, "status" | "assigned_to" | "resolved_by" | "closed_by" | "user_id">;

function isAdmin(actor: Actor): boolean {
  return actor.class === "dev" && actor.rank === "admin";
}

/** The assignee, an admin, or anyone while the ticket is unassigned. */
export function actsAsAssignee(actor: Actor, ticket: Ticket): boolean {
  return isAdmin(actor) || ticket.assigned_to === null || ticket.assigned_to === actor.id;
}

/** Who resolved or closed an ended ticket: a user id as text, 'AUTO', or null. */
function closerOf(ticket: Ticket): string | null {
  return ticket.status === "RESOLVED" ? ticket.resolved_by : ticket.status === "CLOSED" ? ticket.closed_by : null;
}

/**
 * Assign, put on hold, fast complete, submit-and-resolve/close: assignee or admin, and only while
 * the ticket is open.
 */
export function requireOpenTicketActor(actor: Actor, ticket: Ticket): void {
  if (isEnded(ticket.status)) throw new AppError("ticket_already_ended");
  if (!actsAsAssignee(actor, ticket)) throw new AppError("not_ticket_assignee");
}

/** Edit category/priority: open, the assignee or an admin; ended, the closer or an admin. */
export function requireTicketEditor(actor: Actor, ticket: Ticket): void {
  if (isAdmin(actor)) return;
  if (!isEnded(ticket.status)) {
    if (!actsAsAssignee(actor, ticket)) throw new AppError("not_ticket_assignee");
    return;
  }
  const closer = closerOf(ticket);
  if (closer === String(actor.id)) return;
  const closedByStaff = closer !== null && closer !== "AUTO" && closer !== String(ticket.user_id);
  if (!closedByStaff && ticket.assigned_to === actor.id) return;
  throw new AppError("not_ticket_closer");
}

/** Admin may choose any category; other staff only their own (spec 2 §6). */
export function requireCategoryChoice(actor: Actor, categoryId: number, ownCategories: readonly number[]): void {
  if (isAdmin(actor)) return;
  if (!ownCategories.includes(categoryId)) throw new AppError("category_not_allowed");
}

/** The dev rank does not choose the employee: only Auto (no devId) or keeping the assignee. */
export function requireEmployeeChoice(actor: Actor, devId: number | undefined, ticket: Ticket): void {
  if (devId === undefined || devId === ticket.assigned_to) return;
  if (actor.rank === "dev") throw new AppError("employee_choice_not_allowed");
}

/**
 * Whom a ticket may be assigned to: employees whose categories include the category and whose
 * servers include the ticket's server, except the current assignee.
 */
export function eligibleAssignees(
  staff: readonly StaffMember[],
  categoryId: number,
  serverId: number,
  currentAssignee: number | null,
): StaffMember[] {
  return staff.filter(
    (s) => s.id !== currentAssignee && s.categories.includes(categoryId) && s.servers.includes(serverId),
  );
}

/**
 * Fast complete needs a reason when the last message came from the player or from another
 * employee (spec 2 §4): the ticket would end with someone else's word last.
 */
export function excuseRequired(
  actor: Actor,
  ticket: Pick<TicketRow, "last_message_from" | "last_message_by">,
): boolean {
  if (ticket.last_message_from === "user") return true;
  return ticket.last_message_from === "staff" && ticket.last_message_by !== actor.id;
}
