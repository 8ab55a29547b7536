/**
 * Who may say and hear who is on a staff ticket page (collision detection): staff who may see the
 * ticket. A player is refused whatever ticket they name; a ticket that does not exist, or that the
 * caller may not see, is not found.
 */
import type { TicketRow } from "../db/schema.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import { type Actor, isStaff } from "./policy.ts";
import { ticketViewer } from "./tickets.ts";

/** Asked before the ticket is read: a player is refused without costing a query. */
export function presenceSenderRefusal(user: Actor): "forbidden" | null {
  return isStaff(user) ? null : "forbidden";
}

export function ticketPresenceRefusal(
  user: Actor,
  session: Pick<SessionRow, "kind" | "ticket_id">,
  ticket: Pick<TicketRow, "id" | "user_id" | "type"> | undefined,
): "forbidden" | "not_found" | null {
  const sender = presenceSenderRefusal(user);
  if (sender) return sender;
  if (!ticket || ticketViewer(user, session, ticket) !== "staff") return "not_found";
  return null;
}
