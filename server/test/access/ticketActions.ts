/**
 * Authorization rows for the staff ticket page and its status actions (spec/2-staff-ticket-work.md §4, §6, §7). Staff
 * calls: anonymous 401, players 403 (they know the calls exist). Among staff, §6: an unassigned
 * open ticket may be handled by anyone (docs/decisions/tickets.md); one assigned to the admin
 * only by the admin; the dev rank does not choose the employee.
 */
import {
  assignTicketBody,
  bulkTicketActionBody,
  fetchAssigneesBody,
  fetchStaffTicketBody,
  holdTicketBody,
  reopenTicketBody,
  setRetainAttachmentsBody,
  submitTicketCompleteBody,
  updateTicketBody,
} from "../../../common/schemas/staffTickets.ts";
import { type Expected, outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/** Staff only; `staff` says what each rank gets. */
const staffOnly = (staff: Expected | { dev: Expected; mod: Expected; admin: Expected }) =>
  outcomes({
    anonymous: 401,
    temporary: 403,
    members: 403,
    ...(typeof staff === "object" && !Array.isArray(staff) ? staff : { staff: staff as Expected }),
  });
const ADMIN_ONLY = staffOnly({ dev: 403, mod: 403, admin: 200 });

export const TICKET_ACTIONS_ROUTES: RouteAccess[] = [
  {
    method: "POST",
    url: "/api/tickets/fetch-ticket",
    schema: fetchStaffTicketBody,
    cases: [{ name: "A's ticket", request: (f) => ({ json: { ticket_id: f.ticketA.id } }), expect: staffOnly(200) }],
  },
  {
    method: "POST",
    url: "/api/tickets/update-ticket",
    schema: updateTicketBody,
    cases: [
      {
        name: "unassigned open ticket",
        request: (f) => ({ json: { ticket_id: f.ticketA.id, new_category: f.categoryId, new_priority: f.priorityId } }),
        expect: staffOnly(200),
      },
      {
        name: "closed by the admin",
        request: async (f) => ({
          json: {
            ticket_id: (await f.freshTicket({ status: "CLOSED" })).id,
            new_category: f.categoryId,
            new_priority: f.priorityId,
          },
        }),
        expect: ADMIN_ONLY,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/assign-ticket",
    schema: assignTicketBody,
    cases: [
      {
        name: "Auto",
        request: async (f) => ({ json: { ticketId: (await f.freshTicket()).id, category: f.categoryId } }),
        expect: staffOnly(200),
      },
      {
        name: "a chosen employee (not for the dev rank)",
        request: async (f) => ({
          json: { ticketId: (await f.freshTicket()).id, category: f.categoryId, devId: f.assignableStaff.id },
        }),
        expect: staffOnly({ dev: 403, mod: 200, admin: 200 }),
      },
      {
        name: "a ticket assigned to the admin",
        request: async (f) => ({
          json: { ticketId: (await f.freshTicket({ assignedToAdmin: true })).id, category: f.categoryId },
        }),
        expect: ADMIN_ONLY,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/fetch-assignees",
    schema: fetchAssigneesBody,
    cases: [
      {
        name: "unassigned open ticket",
        request: async (f) => ({ json: { ticket_id: (await f.freshTicket()).id, category: f.categoryId } }),
        expect: staffOnly(200),
      },
      {
        name: "a ticket assigned to the admin",
        request: async (f) => ({
          json: { ticket_id: (await f.freshTicket({ assignedToAdmin: true })).id, category: f.categoryId },
        }),
        expect: ADMIN_ONLY,
      },
      {
        name: "a closed ticket",
        request: async (f) => ({
          json: { ticket_id: (await f.freshTicket({ status: "CLOSED" })).id, category: f.categoryId },
        }),
        expect: staffOnly(409),
      },
      {
        name: "no such ticket",
        request: (f) => ({ json: { ticket_id: 2_000_000_000, category: f.categoryId } }),
        expect: staffOnly(404),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/reopen-ticket",
    schema: reopenTicketBody,
    cases: [
      {
        name: "a closed ticket",
        request: async (f) => ({ json: { ticket_id: (await f.freshTicket({ status: "CLOSED" })).id } }),
        expect: staffOnly(200),
      },
      { name: "an open ticket", request: (f) => ({ json: { ticket_id: f.ticketA.id } }), expect: staffOnly(409) },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/put-ticket-on-hold",
    schema: holdTicketBody,
    cases: [
      {
        name: "unassigned open ticket",
        request: async (f) => ({ json: { ticket_id: (await f.freshTicket()).id } }),
        expect: staffOnly(200),
      },
      {
        name: "a ticket assigned to the admin",
        request: async (f) => ({ json: { ticket_id: (await f.freshTicket({ assignedToAdmin: true })).id } }),
        expect: ADMIN_ONLY,
      },
      {
        name: "a closed ticket",
        request: async (f) => ({ json: { ticket_id: (await f.freshTicket({ status: "CLOSED" })).id } }),
        expect: staffOnly(409),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/submit-ticket-complete",
    schema: submitTicketCompleteBody,
    cases: [
      {
        name: "resolve with a reason",
        request: async (f) => ({
          json: { ticket_id: (await f.freshTicket()).id, action: "RESOLVED", unanswered: true, excuse: "Solved" },
        }),
        expect: staffOnly(200),
      },
      {
        name: "close a ticket assigned to the admin",
        request: async (f) => ({
          json: {
            ticket_id: (await f.freshTicket({ assignedToAdmin: true })).id,
            action: "CLOSED",
            unanswered: false,
            excuse: "Duplicate",
          },
        }),
        expect: ADMIN_ONLY,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/bulk-action",
    schema: bulkTicketActionBody,
    // Staff are answered 200 whatever each ticket's fate: a ticket they may not act on is in `refused`.
    cases: [
      {
        name: "hold two unassigned open tickets",
        request: async (f) => ({
          json: { action: "hold", ticket_ids: [(await f.freshTicket()).id, (await f.freshTicket()).id] },
        }),
        expect: staffOnly(200),
      },
      {
        name: "close a ticket assigned to the admin",
        request: async (f) => ({
          json: { action: "close", ticket_ids: [(await f.freshTicket({ assignedToAdmin: true })).id], excuse: "x" },
        }),
        expect: staffOnly(200),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/set-retain-attachments",
    schema: setRetainAttachmentsBody,
    cases: [
      {
        name: "retain A's files",
        request: (f) => ({ json: { ticket_id: f.ticketA.id, is_retain: true } }),
        expect: staffOnly(200),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/tickets/fetch-fast-action-excuses",
    schema: null,
    cases: [{ name: "the excuses", request: () => ({}), expect: staffOnly(200) }],
  },
  {
    method: "GET",
    url: "/api/users/fetch-devs",
    schema: null,
    cases: [{ name: "the staff list", request: () => ({}), expect: staffOnly(200) }],
  },
];

export const TICKET_ACTIONS_SOCKETS: SocketAccess[] = [];
