/**
 * What each audience sees of a ticket. A player (member or temporary user) never gets the origin
 * address, priority, assignee, ban flag or any other staff bookkeeping (spec/1-product-frame.md §2); the shapes are
 * the response schemas in common/schemas/ticketResponses.ts.
 */
import type {
  PlayerTicket,
  PlayerTicketPing,
  StaffTicket,
  StaffTicketPing,
  TicketAbilities,
} from "../../common/schemas/ticketResponses.ts";
import { encodeChatId, encodeFetchCode } from "../../common/ticket-code.ts";
import type { TicketRow } from "../db/schema.ts";
import { DELETED_ATTACHMENT } from "../domain/attachments.ts";

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

export function presentPlayerTicket(row: TicketRow): PlayerTicket {
  return {
    id: row.id,
    ticket_id: row.id,
    fetch_code: encodeFetchCode({ ticketId: row.id }),
    // The chat room id of the ticket (`chat-{id}`), distinct from user rooms in join_chatroom.
    chat_id: encodeChatId(row.id),
    category: row.category_id,
    server: row.server_id,
    characterName: row.character_name,
    violatersName: row.violaters_name ?? "",
    subject: row.subject,
    description: row.description,
    status: row.status,
    createdAt: row.created_at,
    lastUpdated: row.last_updated,
    email: row.email,
    name: row.name,
    user_id: row.user_id,
    attachments: attachmentUrls(row.attachments),
    ticket_type: row.ticket_type,
    type: row.type,
  };
}

/** `abilities`: what the caller may do on it (policies/ticketAbilities.ts), for the caller this answer goes to. */
export function presentStaffTicket(row: TicketRow, abilities: TicketAbilities): StaffTicket {
  return {
    ...presentPlayerTicket(row),
    priority: row.priority_id,
    assignedTo: row.assigned_to,
    banned: row.banned === 1,
    ip_origin: row.ip_origin || "NOT FOUND",
    resolved_by: row.resolved_by,
    closed_by: row.closed_by,
    excuse: row.excuse,
    clean: row.clean === 1,
    retain_attachments: row.retain_attachments === 1,
    hold_until: row.hold_until === null ? null : Number(row.hold_until),
    abilities,
  };
}

/** ticket_updated_ping for the ticket's player: what moved, nothing of staff bookkeeping. */
export function presentPlayerTicketPing(row: TicketRow): PlayerTicketPing {
  return { ticket_id: row.id, lastUpdated: row.last_updated, category: row.category_id, status: row.status };
}

/** ticket_updated_ping for the staff room. */
export function presentStaffTicketPing(row: TicketRow): StaffTicketPing {
  return {
    ...presentPlayerTicketPing(row),
    priority: row.priority_id,
    banned: row.banned === 1,
    assignedTo: row.assigned_to,
  };
}
