/** What a staff member sees of a notification (common/schemas/chatList.ts). */
import type { Notification, StaffEntry } from "../../common/schemas/chatList.ts";
import { encodeTicketInfo } from "../../common/ticket-code.ts";
import type { TicketRow } from "../db/schema.ts";
import type { NotificationRow } from "../repositories/notifications.ts";

export function presentNotification(
  row: NotificationRow,
  ticket: Pick<TicketRow, "id" | "email" | "created_at" | "subject" | "name">,
  by: StaffEntry | null,
): Notification {
  return {
    id: row.id,
    type: row.type,
    ticket_code: encodeTicketInfo({ ticketId: ticket.id, email: ticket.email, ticketNumber: ticket.created_at }),
    ticket_id: row.ticket_id,
    ticket_created_at: row.ticket_created_at,
    by,
    subject: ticket.subject,
    player_name: ticket.name,
    actor_name: by?.name ?? null,
    timestamp: row.timestamp,
    expires: row.expires,
    seen: row.seen === 1,
    read: row.read === 1,
  };
}
