/**
 * What leaves the server of a chat message. Staff see everything (ip_origin, read ticks,
 * assignment and ban messages); a player sees the conversation only.
 */
import type { PlayerMessage, ReplyQuote, StaffMessage } from "../../common/schemas/chat.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import type { ChatMessageRow } from "../db/schema.ts";
import type { TicketViewer } from "../policies/tickets.ts";

/** Message types that only staff ever receive (spec 2 §6). */
const STAFF_ONLY_TYPES = new Set(["assignment", "ban_message"]);

export function downloadUrl(name: string): string {
  return name === "DELETED" ? name : `/download/${name}`;
}

function parseList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

function parseReply(json: string | null): ReplyQuote | null {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

export function isVisibleTo(row: Pick<ChatMessageRow, "type">, viewer: TicketViewer): boolean {
  return viewer === "staff" || (viewer === "owner" && !STAFF_ONLY_TYPES.has(row.type));
}

export function presentPlayerMessage(row: ChatMessageRow): PlayerMessage {
  return {
    id: row.id,
    type: row.type,
    chatId: encodeChatId(row.ticket_id),
    ticket_id: row.ticket_id,
    sender_id: row.sender_id,
    sender_name: row.sender_name,
    user_class: row.user_class,
    message: row.deleted ? "" : row.message,
    timestamp: row.timestamp,
    attachments: row.deleted ? [] : parseList(row.attachments).map(downloadUrl),
    reply_to: parseReply(row.reply_to),
    edited: row.edited === 1,
    deleted: row.deleted === 1,
    completedStatus: row.completed_status,
  };
}

export function presentStaffMessage(row: ChatMessageRow): StaffMessage {
  return {
    ...presentPlayerMessage(row),
    read: row.read === 1,
    ip_origin: row.ip_origin || "NOT FOUND",
    from_user: row.from_user,
    to_user: row.to_user,
    prev_category: row.prev_category,
    new_category: row.new_category,
    banned: row.banned === null ? null : row.banned === 1,
    user_id: row.sender_id,
  };
}

export function presentMessageFor(row: ChatMessageRow, viewer: TicketViewer): PlayerMessage | StaffMessage | null {
  if (!isVisibleTo(row, viewer)) return null;
  return viewer === "staff" ? presentStaffMessage(row) : presentPlayerMessage(row);
}
