import { z } from "zod";
import {
  assignTicketBody,
  bulkTicketActionBody,
  bulkTicketActionResponse,
  fastActionExcusesResponse,
  fetchAssigneesBody,
  fetchAssigneesResponse,
  fetchDevsResponse,
  fetchStaffTicketBody,
  fetchStaffTicketResponse,
  holdTicketBody,
  reopenTicketBody,
  setRetainAttachmentsBody,
  staffTicketResponse,
  submitTicketCompleteBody,
  ticketDataResponse,
  updateTicketBody,
} from "../schemas/staffTickets.ts";
import { employeeListResponse, fetchDevsQuery } from "../schemas/staffUsers.ts";
import { defineSchemas } from "./define.ts";
import type { STAFF_TICKET_ENDPOINTS } from "./staffTickets.ts";

export const STAFF_TICKET_SCHEMAS = defineSchemas<typeof STAFF_TICKET_ENDPOINTS>()({
  fetchStaffTicket: { body: fetchStaffTicketBody, response: fetchStaffTicketResponse },
  updateTicket: { body: updateTicketBody, response: staffTicketResponse },
  assignTicket: { body: assignTicketBody, response: staffTicketResponse },
  fetchAssignees: { body: fetchAssigneesBody, response: fetchAssigneesResponse },
  reopenTicket: { body: reopenTicketBody, response: ticketDataResponse },
  holdTicket: { body: holdTicketBody, response: ticketDataResponse },
  submitTicketComplete: { body: submitTicketCompleteBody, response: ticketDataResponse },
  setRetainAttachments: { body: setRetainAttachmentsBody, response: staffTicketResponse },
  bulkTicketAction: { body: bulkTicketActionBody, response: bulkTicketActionResponse },
  fetchFastActionExcuses: { response: fastActionExcusesResponse },
  /** The scope picks the answer: the staff list's employees (all), or who can take tickets (active). */
  fetchDevs: { querystring: fetchDevsQuery, response: z.union([employeeListResponse, fetchDevsResponse]) },
});
