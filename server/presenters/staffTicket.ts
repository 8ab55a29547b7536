/** The staff ticket page's views: the full staff ticket with its notes room, and the ticket's player. */
import type { StaffTicketFull, TicketPlayer } from "../../common/schemas/staffTickets.ts";
import type { TicketAbilities } from "../../common/schemas/ticketResponses.ts";
import type { TicketRow } from "../db/schema.ts";
import type { UserRow } from "../repositories/users.ts";
import { presentStaffTicket } from "./ticket.ts";

export function notesRoomId(ticketId: number): string {
  return `notes-${ticketId}`;
}

export function presentStaffTicketFull(row: TicketRow, abilities: TicketAbilities): StaffTicketFull {
  return {
    ...presentStaffTicket(row, abilities),
    notes_id: notesRoomId(row.id),
    last_message_from: row.last_message_from,
    last_message_by: row.last_message_by,
  };
}

/** The player behind a ticket; a deleted account is shown from the ticket's own name and e-mail. */
export function presentTicketPlayer(ticket: TicketRow, user: UserRow | undefined): TicketPlayer {
  return {
    id: ticket.user_id,
    name: user?.name ?? ticket.name,
    email: user?.email ?? ticket.email,
    avatar: user?.avatar ?? "",
    class: user?.class ?? "user",
    type: user?.type ?? ticket.type,
    banned: user ? user.banned === 1 : ticket.banned === 1,
  };
}
