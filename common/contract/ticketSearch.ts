/**
 * The staff ticket list and search (spec/2-staff-ticket-work.md §2, §7), for staff of every rank. Bodies are read as
 * forms (multipart, form-encoded or JSON); the advanced search goes as multipart, as the spec says.
 */
import { defineEndpoints } from "./define.ts";

export const TICKET_SEARCH_ENDPOINTS = defineEndpoints({
  paginationSearchTickets: { method: "POST", path: "/api/tickets/pagination-search-tickets", access: "staff" },
  advancedSearchTickets: {
    method: "POST",
    path: "/api/tickets/advanced-search-tickets",
    access: "staff",
    encoding: "multipart",
  },
  fetchTaggedChats: { method: "POST", path: "/api/fetch-tagged-chats", access: "staff" },
  fetchTicketsByTimestamp: { method: "POST", path: "/api/tickets/fetch-tickets-by-timestamp", access: "staff" },
  /** The views above the list and their counts (docs/decisions/views.md). */
  fetchTicketViews: { method: "GET", path: "/api/tickets/fetch-views", access: "staff" },
});
