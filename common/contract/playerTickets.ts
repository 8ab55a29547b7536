/** What players do with their own tickets (spec/1-product-frame.md §2, §4, §7): file, find, follow, close. */
import { defineEndpoints } from "./define.ts";

export const PLAYER_TICKET_ENDPOINTS = defineEndpoints({
  submitMemberTicket: {
    method: "POST",
    path: "/api/tickets/submit-member-ticket",
    access: "member",
    encoding: "multipart",
  },
  /** A member or an employee files from their own area: answered 409, as at sign-in. */
  submitTemporaryTicket: {
    method: "POST",
    path: "/api/tickets/submit-temporary-ticket",
    access: "public",
    encoding: "multipart",
  },
  /** Opens a visitor's ticket session; a signed-in member or employee is answered 409. */
  searchTicketTemporary: {
    method: "POST",
    path: "/api/tickets/search-ticket-temporary",
    access: "public",
    encoding: "multipart",
  },
  memberTicketHistory: { method: "POST", path: "/api/tickets/member-ticket-history", access: "member" },
  memberRecentTickets: { method: "GET", path: "/api/tickets/member-recent-tickets", access: "member" },
  /** A visitor's session reads its one ticket's count; staff have notifications instead. */
  playerUnread: {
    method: "GET",
    path: "/api/tickets/player-unread",
    access: { callers: ["member", "temporary"] },
  },
  /** The caller's own ticket; any other is answered 404. */
  fetchMemberTicket: { method: "POST", path: "/api/tickets/fetch-member-ticket", access: "player" },
  /** A visitor follows their ticket but does not close it: 403 on their own. */
  submitTicketCompleteMember: {
    method: "POST",
    path: "/api/tickets/submit-ticket-complete-member",
    access: "player",
  },
});
