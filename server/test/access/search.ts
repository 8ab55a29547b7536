/** Authorization rows for the ticket list and search (spec/2-staff-ticket-work.md §2, §7). */
import {
  advancedSearchTicketsBody,
  fetchTaggedChatsBody,
  fetchTicketsByTimestampBody,
  paginationSearchTicketsBody,
} from "../../../common/schemas/ticketSearch.ts";
import { outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/** Staff of every rank search; players know the calls exist (403), anonymous callers sign in first (401). */
const STAFF_ONLY = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 200 });

export const SEARCH_ROUTES: RouteAccess[] = [
  {
    method: "POST",
    url: "/api/tickets/pagination-search-tickets",
    schema: paginationSearchTicketsBody,
    cases: [
      {
        name: "A's e-mail, Exact, with the default filter off",
        request: (f) => ({ json: { email: f.memberA.email, email_mode: 2, page: 1, entries_per_page: 10 } }),
        expect: STAFF_ONLY,
      },
      {
        name: "the default list (employee = me)",
        request: () => ({ json: { default: true, sort_by: "lastUpdated", order: "desc" } }),
        expect: STAFF_ONLY,
      },
      {
        name: "a view (waiting on me)",
        request: () => ({ json: { view: "waiting_on_me", page: 1, entries_per_page: 10 } }),
        expect: STAFF_ONLY,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/advanced-search-tickets",
    schema: advancedSearchTicketsBody,
    multipart: true,
    cases: [
      {
        name: "a subject and a time window",
        request: () => ({ multipart: { fields: { subject: "stuck", createdAt: "604800", lastUpdated: "-1" } } }),
        expect: STAFF_ONLY,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/fetch-tagged-chats",
    schema: fetchTaggedChatsBody,
    cases: [
      {
        name: "own tagged chats",
        request: () => ({ json: { entries_per_page: 10, current_page: 1, tagged: true, default: false } }),
        expect: STAFF_ONLY,
      },
    ],
  },
  {
    method: "GET",
    url: "/api/tickets/fetch-views",
    schema: null,
    cases: [{ name: "the views' counts", request: () => ({}), expect: STAFF_ONLY }],
  },
  {
    method: "POST",
    url: "/api/tickets/fetch-tickets-by-timestamp",
    schema: fetchTicketsByTimestampBody,
    cases: [
      {
        name: "a ticket number that exists",
        request: async () => ({ json: { createdAt: 1_600_000_000 } }),
        expect: STAFF_ONLY,
      },
    ],
  },
];

export const SEARCH_SOCKETS: SocketAccess[] = [];
