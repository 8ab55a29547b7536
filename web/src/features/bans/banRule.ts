/**
 * The ban button's mirror of server/policies/bans.ts (spec 2 §6), only to grey the button out
 * with the reason; the server decides.
 */
import type { SessionUser } from "../../../../common/schemas/auth.ts";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";

export type BanBlock = "resolved" | "not_allowed" | null;

export function banBlock(user: SessionUser | null, ticket: StaffTicket): BanBlock {
  if (ticket.status === "RESOLVED") return "resolved";
  if (user?.class !== "dev") return "not_allowed";
  if (user.rank === "admin" || ticket.assignedTo === user.id) return null;
  if (ticket.status === "CLOSED" && ticket.closed_by === String(user.id)) return null;
  return "not_allowed";
}
