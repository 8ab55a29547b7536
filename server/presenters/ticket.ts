/**
 * What a player (member or temporary user) sees of a ticket. Never the origin address, read
 * ticks, notes or any staff-only bookkeeping (spec 1 §2).
 */
import { encodeChatId, encodeFetchCode } from "../../common/ticket-code.ts";
import type { TicketRow } from "../db/schema.ts";

export const DELETED_ATTACHMENT = "DELETED";

/** Stored names become download URLs; a removed file stays 'DELETED' as the spec marks it. */
export function attachmentUrls(stored: string): string[] {
  let names: unknown;
  try {
    names = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(names)) return [];
  return names
    .filter((n): n is string => typeof n === "string")
    .map((n) => (n === DELETED_ATTACHMENT ? DELETED_ATTACHMENT : `/download/${encodeURIComponent(n)}`));
}

export function presentPlayerTicket(row: TicketRow) {
  return {
    id: row.id,
    ticket_id: row.id,
    fetch_code: encodeFetchCode({ ticketId: row.id }),
    // The chat room id of the ticket (`chat-{id}`), distinct from user rooms in join_chatroom.
    chat_id: encodeChatId(row.id),
    category: row.category_id,
    server: row.server_id,
    priority: row.priority_id,
    characterName: row.character_name,
    violatersName: row.violaters_name ?? "",
    subject: row.subject,
    description: row.description,
    status: row.status,
    createdAt: row.created_at,
    lastUpdated: row.last_updated,
    assignedTo: row.assigned_to,
    email: row.email,
    name: row.name,
    user_id: row.user_id,
    attachments: attachmentUrls(row.attachments),
    banned: row.banned === 1,
    ticket_type: row.ticket_type,
    type: row.type,
  };
}
export type PlayerTicket = ReturnType<typeof presentPlayerTicket>;
