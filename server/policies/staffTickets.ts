/**
 * Who may do what on a ticket from the staff side (spec/2-staff-ticket-work.md §6), for HTTP and sockets alike. Each
 * rule is a pure function answering its refusal code or null; the use cases throw it (require*)
 * before they write, and ticketAbilities.ts reads the same functions to tell the page what the
 * caller may do.
 *
 * Where the spec is silent (docs/decisions/tickets.md): an open ticket that nobody is
 * assigned to may be acted on by any employee, as help desks let any agent pick up an unassigned
 * ticket; an ended ticket whose closer is not an employee (AUTO, or the player who marked it
 * solved) may be edited by its assignee.
 */
import type { ErrorCode } from "../../common/errors.ts";
import type { TicketRow } from "../db/schema.ts";
import { canApply, isEnded, type TransitionRefusal, transitionRefusal } from "../domain/ticketStatus.ts";
import { AppError } from "../errors.ts";
import type { StaffMember } from "../repositories/staff.ts";
import { type Actor, isAdmin } from "./policy.ts";

type Ticket = Pick<TicketRow, "status" | "assigned_to" | "resolved_by" | "closed_by" | "user_id">;

/** Throws a rule's refusal, if it gave one. */
export function refuse(refusal: ErrorCode | null): void {
  if (refusal) throw new AppError(refusal);
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
export function openTicketActorRefusal(
  actor: Actor,
  ticket: Ticket,
): "ticket_already_ended" | "not_ticket_assignee" | null {
  if (isEnded(ticket.status)) return "ticket_already_ended";
  if (!actsAsAssignee(actor, ticket)) return "not_ticket_assignee";
  return null;
}

export function requireOpenTicketActor(actor: Actor, ticket: Ticket): void {
  refuse(openTicketActorRefusal(actor, ticket));
}

/** Edit category/priority: open, the assignee or an admin; ended, the closer or an admin. */
export function ticketEditorRefusal(actor: Actor, ticket: Ticket): "not_ticket_assignee" | "not_ticket_closer" | null {
  if (isAdmin(actor)) return null;
  if (!isEnded(ticket.status)) return actsAsAssignee(actor, ticket) ? null : "not_ticket_assignee";
  const closer = closerOf(ticket);
  if (closer === String(actor.id)) return null;
  const closedByStaff = closer !== null && closer !== "AUTO" && closer !== String(ticket.user_id);
  if (!closedByStaff && ticket.assigned_to === actor.id) return null;
  return "not_ticket_closer";
}

export function requireTicketEditor(actor: Actor, ticket: Ticket): void {
  refuse(ticketEditorRefusal(actor, ticket));
}

/** Admin may choose any category; other staff only their own (spec/2-staff-ticket-work.md §6). */
export function choosesAnyCategory(actor: Actor): boolean {
  return isAdmin(actor);
}

export function requireCategoryChoice(actor: Actor, categoryId: number, ownCategories: readonly number[]): void {
  if (!choosesAnyCategory(actor) && !ownCategories.includes(categoryId)) throw new AppError("category_not_allowed");
}

/**
 * The dev rank does not choose the employee: only Auto (no devId), keeping the assignee, or
 * themselves ("assign to me").
 */
export function choosesEmployee(actor: Actor): boolean {
  return actor.rank !== "dev";
}

export function requireEmployeeChoice(actor: Actor, devId: number | undefined, ticket: Ticket): void {
  if (devId === undefined || devId === ticket.assigned_to || devId === actor.id) return;
  if (!choosesEmployee(actor)) throw new AppError("employee_choice_not_allowed");
}

/**
 * Reopen (spec/2-staff-ticket-work.md §4, §6): any employee, from the modal or before a reply, while the ticket has
 * ended and its category still exists.
 */
export function reopenRefusal(
  ticket: Pick<TicketRow, "status">,
  categoryLive: boolean,
  action: "reopen" | "reopenForReply" = "reopen",
): TransitionRefusal | "category_deleted" | null {
  if (!canApply(action, ticket.status)) return transitionRefusal(action, ticket.status);
  return categoryLive ? null : "category_deleted";
}

/**
 * Whether an employee may be given a ticket (spec/2-staff-ticket-work.md §4): an active employee
 * (`member` undefined: deleted, disabled or not staff) whose categories include the category and
 * whose servers include the ticket's server, other than the current assignee. The one rule behind
 * the assign dialog's list, Auto, a named assignee, "assign to me" and the first reply's
 * assignment.
 */
export function assigneeRefusal(
  member: StaffMember | undefined,
  categoryId: number,
  serverId: number,
  currentAssignee: number | null,
): "assignee_not_eligible" | null {
  if (!member || member.id === currentAssignee) return "assignee_not_eligible";
  return member.categories.includes(categoryId) && member.servers.includes(serverId) ? null : "assignee_not_eligible";
}

/** Whom a ticket may be assigned to, of the active employees: those assigneeRefusal lets through. */
export function eligibleAssignees(
  staff: readonly StaffMember[],
  categoryId: number,
  serverId: number,
  currentAssignee: number | null,
): StaffMember[] {
  return staff.filter((s) => assigneeRefusal(s, categoryId, serverId, currentAssignee) === null);
}

/**
 * "Assign to me": an assign the caller may make (open ticket, acting as its assignee) that names
 * themselves, eligible by the one rule. Any rank may take a ticket for themselves: that is not the
 * choice of an employee the dev rank is denied (docs/decisions/assignment.md).
 */
export function selfAssignRefusal(
  actor: Actor,
  ticket: Ticket & Pick<TicketRow, "category_id" | "server_id">,
  self: StaffMember | undefined,
): ErrorCode | null {
  const act = openTicketActorRefusal(actor, ticket);
  if (act) return act;
  if (!canApply("assign", ticket.status)) return transitionRefusal("assign", ticket.status);
  return assigneeRefusal(self, ticket.category_id, ticket.server_id, ticket.assigned_to);
}

/**
 * Fast complete needs a reason when the last message came from the player or from another
 * employee (spec/2-staff-ticket-work.md §4): the ticket would end with someone else's word last.
 */
export function excuseRequired(
  actor: Actor,
  ticket: Pick<TicketRow, "last_message_from" | "last_message_by">,
): boolean {
  if (ticket.last_message_from === "user") return true;
  return ticket.last_message_from === "staff" && ticket.last_message_by !== actor.id;
}
