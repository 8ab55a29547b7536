import {
  memberRecentTicketsResponse,
  memberTicketHistoryResponse,
  playerTicketResponse,
  playerUnreadResponse,
  searchTicketTemporaryResponse,
  submitMemberTicketResponse,
  submitTemporaryTicketResponse,
} from "../schemas/ticketResponses.ts";
import { memberTicketHistoryBody, ticketIdBody } from "../schemas/tickets.ts";
import { defineSchemas } from "./define.ts";
import type { PLAYER_TICKET_ENDPOINTS } from "./playerTickets.ts";

/**
 * The multipart forms' fields are read and checked by the route (server/uploads/multipart.ts,
 * with submitMemberTicketBody, submitTemporaryTicketBody and searchTicketTemporaryBody), after
 * the checks that come before the files.
 */
export const PLAYER_TICKET_SCHEMAS = defineSchemas<typeof PLAYER_TICKET_ENDPOINTS>()({
  submitMemberTicket: { response: submitMemberTicketResponse },
  submitTemporaryTicket: { response: submitTemporaryTicketResponse },
  searchTicketTemporary: { response: searchTicketTemporaryResponse },
  memberTicketHistory: { body: memberTicketHistoryBody, response: memberTicketHistoryResponse },
  memberRecentTickets: { response: memberRecentTicketsResponse },
  playerUnread: { response: playerUnreadResponse },
  fetchMemberTicket: { body: ticketIdBody, response: playerTicketResponse },
  submitTicketCompleteMember: { body: ticketIdBody, response: playerTicketResponse },
});
