/**
 * Who may see a ticket (and so its chat and attachments). Decided from the session, never from
 * ids or codes the client sends: a member sees only tickets they filed, a temporary session only
 * the one ticket it was opened for, staff every ticket.
 */
import type { TicketRow } from "../db/schema.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import type { Actor } from "./policy.ts";
import { isMember, isStaff, isTemporary } from "./policy.ts";

export type TicketViewer = "staff" | "owner" | null;

export function ticketViewer(
  user: Actor | null,
  session: Pick<SessionRow, "kind" | "ticket_id"> | null,
  ticket: Pick<TicketRow, "id" | "user_id" | "type">,
): TicketViewer {
  if (!user || !session) return null;
  if (isStaff(user)) return "staff";
  if (isTemporary(user)) {
    return session.kind === "temp" && session.ticket_id === ticket.id && ticket.user_id === user.id ? "owner" : null;
  }
  if (isMember(user)) return ticket.user_id === user.id && ticket.type === "normal" ? "owner" : null;
  return null;
}
