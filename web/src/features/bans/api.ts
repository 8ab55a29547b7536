/** The ban calls (spec/2-staff-ticket-work.md §7): the member or the temporary variant, by the ticket's type. */
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { api } from "../../api/client.ts";

/** The ticket a ban or unban is given on: the ticket page's own, or the one the profile's abilities name. */
export type BanTarget = Pick<StaffTicket, "id" | "type">;

const isTemporary = (ticket: BanTarget) => ticket.type === "temp";

export function banPlayer(ticket: BanTarget, reason: string, seconds: number) {
  const body = { ticket_id: ticket.id, ban_reason: reason, ban_time: seconds };
  return isTemporary(ticket) ? api.call("banTemporaryUser", body) : api.call("banMemberUser", body);
}

export function unbanPlayer(ticket: BanTarget) {
  const body = { ticket_id: ticket.id };
  return isTemporary(ticket) ? api.call("unbanTemporaryUser", body) : api.call("unbanMemberUser", body);
}

/** Whose bans: a member by id, a temporary user by e-mail. */
export type BanOwner = { memberId: number } | { email: string };

export function banOwnerOf(ticket: StaffTicket): BanOwner {
  return ticket.type === "temp" ? { email: ticket.email } : { memberId: ticket.user_id };
}

/** Every ban history (the prefix of `banHistoryKey`). */
export const BAN_HISTORY_KEY = ["ban-history"] as const;

export const banHistoryKey = (owner: BanOwner) =>
  [...BAN_HISTORY_KEY, "email" in owner ? owner.email : owner.memberId] as const;

export function fetchBanHistory(owner: BanOwner) {
  return "email" in owner
    ? api.call("banHistoryTemporary", { email: owner.email })
    : api.call("banHistoryMember", { member_id: owner.memberId });
}
