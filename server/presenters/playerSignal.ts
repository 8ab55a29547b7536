/** A player's list rows and reply signals: the player view plus unread. */

import type { PlayerListTicket, PlayerTicketSignal } from "../../common/schemas/ticketResponses.ts";
import { encodeFetchCode } from "../../common/ticket-code.ts";
import type { TicketRow } from "../db/schema.ts";
import { presentPlayerTicket } from "./ticket.ts";

export function presentPlayerListTicket(row: TicketRow, unread: number): PlayerListTicket {
  return { ...presentPlayerTicket(row), unread };
}

export function presentPlayerTicketSignal(
  row: Pick<TicketRow, "id" | "created_at" | "status" | "last_updated">,
  unread: number,
): PlayerTicketSignal {
  return {
    ticket_id: row.id,
    ticket_number: row.created_at,
    fetch_code: encodeFetchCode({ ticketId: row.id }),
    status: row.status,
    lastUpdated: row.last_updated,
    unread,
  };
}
