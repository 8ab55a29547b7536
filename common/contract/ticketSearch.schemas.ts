import {
  advancedSearchTicketsBody,
  fetchTaggedChatsBody,
  fetchTaggedChatsResponse,
  fetchTicketsByTimestampBody,
  fetchTicketsByTimestampResponse,
  fetchTicketViewsResponse,
  paginationSearchTicketsBody,
  ticketSearchResponse,
} from "../schemas/ticketSearch.ts";
import { defineSchemas } from "./define.ts";
import type { TICKET_SEARCH_ENDPOINTS } from "./ticketSearch.ts";

export const TICKET_SEARCH_SCHEMAS = defineSchemas<typeof TICKET_SEARCH_ENDPOINTS>()({
  paginationSearchTickets: { body: paginationSearchTicketsBody, response: ticketSearchResponse },
  advancedSearchTickets: { body: advancedSearchTicketsBody, response: ticketSearchResponse },
  fetchTaggedChats: { body: fetchTaggedChatsBody, response: fetchTaggedChatsResponse },
  fetchTicketsByTimestamp: { body: fetchTicketsByTimestampBody, response: fetchTicketsByTimestampResponse },
  fetchTicketViews: { response: fetchTicketViewsResponse },
});
