/**
 * What leaves the server of a chat message. Staff see everything (ip_origin, read ticks,
 * assignment and ban messages); a player sees the conversation only.
 */
import {
  type PlayerChatUser,
  type PlayerFetchChatResponse,
  type PlayerMessage,
  type PlayerMessageKind,
  type ReplyQuote,
  replyQuote,
  type StaffChatUser,
  type StaffFetchChatResponse,
  type StaffMessage,
} from "../../common/schemas/chatResponses.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import type { ChatMessageRow } from "../db/schema.ts";
import { isStaffOnlyType, isVisibleTo } from "../policies/chatMessages.ts";
import type { TicketViewer } from "../policies/tickets.ts";
import type { UserRow } from "../repositories/users.ts";

/** A stored message a player may see: its type is not staff-only. */
export type PlayerVisibleRow = ChatMessageRow & { type: PlayerMessageKind };

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

/**
 * A stored quote that is not of the quote's shape is dropped, never sent half-formed. A player
 * never sees a quote of a staff-only message (an assignment quoted in a staff reply): the stored
 * quote names the quoted type; an older quote without it is shown to a player only inside the
 * player's own message (a player can only ever quote what they may see).
 */
function parseReply(row: ChatMessageRow, audience: "staff" | "owner"): ReplyQuote | null {
  if (!row.reply_to) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(row.reply_to);
  } catch {
    return null;
  }
  const parsed = replyQuote.safeParse(stored);
  if (!parsed.success) return null;
  if (audience === "owner") {
    const type = (stored as { type?: unknown }).type;
    const visible = typeof type === "string" ? !isStaffOnlyType(type) : row.user_class === "user";
    if (!visible) return null;
  }
  const { deleted, ...quote } = parsed.data;
  return deleted ? { ...quote, message: "", deleted: true } : quote;
}

/** What both audiences see of a message, its type aside. */
function sharedFields(row: ChatMessageRow, audience: "staff" | "owner"): Omit<PlayerMessage, "type"> {
  return {
    id: row.id,
    chatId: encodeChatId(row.ticket_id),
    ticket_id: row.ticket_id,
    sender_id: row.sender_id,
    sender_name: row.sender_name,
    user_class: row.user_class,
    message: row.deleted ? "" : row.message,
    timestamp: row.timestamp,
    attachments: row.deleted ? [] : parseList(row.attachments).map(downloadUrl),
    reply_to: parseReply(row, audience),
    edited: row.edited === 1,
    deleted: row.deleted === 1,
    completedStatus: row.completed_status,
  };
}

/** Only for a row the player may see (`isVisibleTo(row, "owner")`): the type says so. */
export function presentPlayerMessage(row: PlayerVisibleRow): PlayerMessage {
  return { ...sharedFields(row, "owner"), type: row.type };
}

export function presentStaffMessage(row: ChatMessageRow): StaffMessage {
  return {
    ...sharedFields(row, "staff"),
    type: row.type,
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
  if (viewer === "staff") return presentStaffMessage(row);
  if (viewer === null) return null;
  return isVisibleTo(row, "owner") ? presentPlayerMessage(row) : null;
}

type ChatSender = Pick<UserRow, "id" | "name" | "avatar" | "class" | "rank">;

/** A chat's sender as a player sees them: that someone is staff, not their rank. */
export function presentPlayerChatUser(user: ChatSender): PlayerChatUser {
  return { id: user.id, name: user.name, avatar: user.avatar, class: user.class };
}

export function presentStaffChatUser(user: ChatSender): StaffChatUser {
  return { ...presentPlayerChatUser(user), rank: user.rank };
}

/** One page of fetch-chat for its audience: a player's page leaves out staff-only messages. */
export function presentChatPage(
  rows: ChatMessageRow[],
  senders: ChatSender[],
  viewer: "staff" | "owner",
  hasMore: boolean,
): StaffFetchChatResponse | PlayerFetchChatResponse {
  if (viewer === "staff") {
    return { chat: rows.map(presentStaffMessage), users: senders.map(presentStaffChatUser), has_more: hasMore };
  }
  const chat = rows.filter((row) => isVisibleTo(row, "owner")).map(presentPlayerMessage);
  return { chat, users: senders.map(presentPlayerChatUser), has_more: hasMore };
}

/** new-chat-message's answer: the stored message as its sender's audience sees it. */
export function presentSentMessage(
  row: ChatMessageRow,
  audience: "staff" | "owner",
): { message: StaffMessage } | { message: PlayerMessage } {
  if (audience === "staff") return { message: presentStaffMessage(row) };
  // A player only ever sends plain messages; a staff-only type here would be a bug upstream.
  if (!isVisibleTo(row, "owner")) throw new Error(`a player sent a staff-only ${row.type} message`);
  return { message: presentPlayerMessage(row) };
}
