/**
 * Who may ban or unban a ticket's player (spec/2-staff-ticket-work.md §6): nobody while the ticket is RESOLVED;
 * otherwise its assignee, an admin, or the staff member who closed it. The use cases ask here,
 * and so do the ticket's abilities (ticketAbilities.ts) that the web's ban button shows.
 */
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type Actor, isAdmin, isStaff } from "./policy.ts";

export type BanRefusal = "forbidden" | "ban_ticket_resolved" | "ban_not_allowed";

export function banRefusal(
  user: Actor,
  ticket: Pick<TicketRow, "status" | "assigned_to" | "closed_by">,
): BanRefusal | null {
  if (!isStaff(user)) return "forbidden";
  if (ticket.status === "RESOLVED") return "ban_ticket_resolved";
  if (isAdmin(user)) return null;
  if (ticket.assigned_to === user.id) return null;
  if (ticket.status === "CLOSED" && ticket.closed_by === String(user.id)) return null;
  return "ban_not_allowed";
}

export function requireMayBan(user: Actor, ticket: Pick<TicketRow, "status" | "assigned_to" | "closed_by">): void {
  const refusal = banRefusal(user, ticket);
  if (refusal) throw new AppError(refusal);
}
