/**
 * The staff ticket page's calls (spec/2-staff-ticket-work.md §7): fetch, edit, assign, hold, complete, reopen, retain,
 * the fast-action excuses, and the list of staff (fetch-devs); the list's bulk action. Any employee may call them; which
 * ticket they may change, and how, is decided per ticket (server/policies/staffTickets.ts).
 */
import { defineEndpoints } from "./define.ts";

export const STAFF_TICKET_ENDPOINTS = defineEndpoints({
  fetchStaffTicket: { method: "POST", path: "/api/tickets/fetch-ticket", access: "staff" },
  updateTicket: { method: "POST", path: "/api/tickets/update-ticket", access: "staff" },
  assignTicket: { method: "POST", path: "/api/tickets/assign-ticket", access: "staff" },
  /** The employees the ticket may be assigned to in a category: whoever may assign it asks (else 403/404). */
  fetchAssignees: { method: "POST", path: "/api/tickets/fetch-assignees", access: "staff" },
  reopenTicket: { method: "POST", path: "/api/tickets/reopen-ticket", access: "staff" },
  holdTicket: { method: "POST", path: "/api/tickets/put-ticket-on-hold", access: "staff" },
  submitTicketComplete: { method: "POST", path: "/api/tickets/submit-ticket-complete", access: "staff" },
  setRetainAttachments: { method: "POST", path: "/api/tickets/set-retain-attachments", access: "staff" },
  /** Assign, hold, resolve or close many tickets of the list at once, each checked as its single call. */
  bulkTicketAction: { method: "POST", path: "/api/tickets/bulk-action", access: "staff", encoding: "json" },
  fetchFastActionExcuses: { method: "GET", path: "/api/tickets/fetch-fast-action-excuses", access: "staff" },
  /** Who can take tickets; with scope=all the staff list, which also needs users:view (checked by the route). */
  fetchDevs: { method: "GET", path: "/api/users/fetch-devs", access: "staff" },
});
