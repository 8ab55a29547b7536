/**
 * The page's mirror of the server's §6 rules (server/policies/staffTickets.ts), to show only the
 * controls that will work. The server decides: a refused call is shown as its error.
 */
import { ENDED_STATUSES } from "../../../../common/constants.ts";
import type { SessionUser } from "../../../../common/schemas/auth.ts";
import type { StaffTicketFull } from "./api.ts";

export function isEnded(ticket: Pick<StaffTicketFull, "status">): boolean {
  return ENDED_STATUSES.includes(ticket.status);
}

/** The assignee, an admin, or anyone while the ticket is unassigned. */
export function actsAsAssignee(user: SessionUser, ticket: StaffTicketFull): boolean {
  return user.rank === "admin" || ticket.assignedTo === null || ticket.assignedTo === user.id;
}

/** Assign, hold, fast complete, submit-and-resolve/close. */
export function mayAct(user: SessionUser, ticket: StaffTicketFull): boolean {
  return !isEnded(ticket) && actsAsAssignee(user, ticket);
}

/** Edit category/priority: open, the assignee or an admin; ended, the closer or an admin. */
export function mayEdit(user: SessionUser, ticket: StaffTicketFull): boolean {
  if (user.rank === "admin") return true;
  if (!isEnded(ticket)) return actsAsAssignee(user, ticket);
  const closer = ticket.status === "RESOLVED" ? ticket.resolved_by : ticket.closed_by;
  if (closer === String(user.id)) return true;
  const byStaff = closer !== null && closer !== "AUTO" && closer !== String(ticket.user_id);
  return !byStaff && ticket.assignedTo === user.id;
}

/** Fast complete needs a reason when the last message was not the caller's. */
export function reasonRequired(user: SessionUser, ticket: StaffTicketFull): boolean {
  if (ticket.last_message_from === "user") return true;
  return ticket.last_message_from === "staff" && ticket.last_message_by !== user.id;
}
