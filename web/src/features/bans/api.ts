/** The ban calls (spec 2 §7): the member or the temporary variant, by the ticket's type. */
import type { BanHistoryResponse, BanResponse } from "../../../../common/schemas/bans.ts";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { api } from "../../api/client.ts";

const kind = (ticket: StaffTicket) => (ticket.type === "temp" ? "temporary" : "member");

export function banPlayer(ticket: StaffTicket, reason: string, seconds: number): Promise<BanResponse> {
  return api.post<BanResponse>(`/api/tickets/ban-${kind(ticket)}-user`, {
    ticket_id: ticket.id,
    ban_reason: reason,
    ban_time: seconds,
  });
}

export function unbanPlayer(ticket: StaffTicket): Promise<BanResponse> {
  return api.post<BanResponse>(`/api/tickets/unban-${kind(ticket)}-user`, { ticket_id: ticket.id });
}

/** Whose bans: a member by id, a temporary user by e-mail. */
export type BanOwner = { memberId: number } | { email: string };

export function banOwnerOf(ticket: StaffTicket): BanOwner {
  return ticket.type === "temp" ? { email: ticket.email } : { memberId: ticket.user_id };
}

export const banHistoryKey = (owner: BanOwner) =>
  ["ban-history", "email" in owner ? owner.email : owner.memberId] as const;

export function fetchBanHistory(owner: BanOwner): Promise<BanHistoryResponse> {
  return "email" in owner
    ? api.post<BanHistoryResponse>("/api/tickets/get-ban-history-temporary", { email: owner.email })
    : api.post<BanHistoryResponse>("/api/tickets/get-ban-history-member", { member_id: owner.memberId });
}
