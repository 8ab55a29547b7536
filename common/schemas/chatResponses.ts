/**
 * What leaves the server of a chat, per audience (spec/2-staff-ticket-work.md §3, §4). Staff see everything; a player
 * sees the conversation only: no origin address, no read ticks, no assignment or ban messages.
 * Registered as response schemas, these drop any key they do not name.
 */
import { z } from "zod";
import { STAFF_RANKS, USER_CLASSES } from "../permissions.ts";

export const CHAT_MESSAGE_TYPES = [
  "message",
  "assignment",
  "category_change",
  "ban_message",
  "completion",
  "member_resolved",
  "reopened",
  "deleted_notification",
] as const;
export type ChatMessageKind = (typeof CHAT_MESSAGE_TYPES)[number];

/** Message types that only staff ever receive (spec/2-staff-ticket-work.md §6). */
export const STAFF_ONLY_MESSAGE_TYPES = ["assignment", "ban_message"] as const;
export const PLAYER_MESSAGE_TYPES = CHAT_MESSAGE_TYPES.filter(
  (t): t is Exclude<ChatMessageKind, (typeof STAFF_ONLY_MESSAGE_TYPES)[number]> =>
    !(STAFF_ONLY_MESSAGE_TYPES as readonly string[]).includes(t),
);
export type PlayerMessageKind = (typeof PLAYER_MESSAGE_TYPES)[number];

const id = z.number().int();

/** A quoted message inside a chat message; `deleted`: the quoted message was deleted since. */
export const replyQuote = z.object({
  id,
  sender_name: z.string(),
  message: z.string(),
  deleted: z.boolean().optional(),
  /** The quoted line's side (a quote of one's own line reads "You"); absent in older quotes and in notes. */
  user_class: z.enum(USER_CLASSES).optional(),
});
export type ReplyQuote = z.infer<typeof replyQuote>;

const messageFields = {
  id,
  chatId: z.string(),
  ticket_id: id,
  sender_id: id.nullable(),
  sender_name: z.string(),
  user_class: z.enum(USER_CLASSES),
  /** Empty for a deleted message. */
  message: z.string(),
  /** Epoch seconds. */
  timestamp: z.number(),
  /** Download URLs; empty for a deleted message. */
  attachments: z.array(z.string()),
  reply_to: replyQuote.nullable(),
  edited: z.boolean(),
  deleted: z.boolean(),
  completedStatus: z.string().nullable(),
};

/** A chat message as a player receives it. */
export const playerMessage = z.object({ ...messageFields, type: z.enum(PLAYER_MESSAGE_TYPES) });
export type PlayerMessage = z.infer<typeof playerMessage>;

/** A chat message as staff receive it: everything a player sees, and what only staff may. */
export const staffMessage = z.object({
  ...messageFields,
  type: z.enum(CHAT_MESSAGE_TYPES),
  read: z.boolean(),
  /** The sender's address, or 'NOT FOUND'. */
  ip_origin: z.string(),
  from_user: id.nullable(),
  to_user: id.nullable(),
  prev_category: id.nullable(),
  new_category: id.nullable(),
  banned: z.boolean().nullable(),
  user_id: id.nullable(),
});
export type StaffMessage = z.infer<typeof staffMessage>;

/** A sender in a chat as a player sees them: that someone is staff, not their rank. */
export const playerChatUser = z.object({ id, name: z.string(), avatar: z.string(), class: z.enum(USER_CLASSES) });
export type PlayerChatUser = z.infer<typeof playerChatUser>;
export const staffChatUser = playerChatUser.extend({ rank: z.union([z.enum(STAFF_RANKS), z.literal("user")]) });
export type StaffChatUser = z.infer<typeof staffChatUser>;

export const playerFetchChatResponse = z.object({
  chat: z.array(playerMessage),
  users: z.array(playerChatUser),
  /** More, older messages exist (page with `before`). */
  has_more: z.boolean(),
});
export type PlayerFetchChatResponse = z.infer<typeof playerFetchChatResponse>;

export const staffFetchChatResponse = z.object({
  chat: z.array(staffMessage),
  users: z.array(staffChatUser),
  has_more: z.boolean(),
});
export type StaffFetchChatResponse = z.infer<typeof staffFetchChatResponse>;

export const playerNewMessageResponse = z.object({ message: playerMessage });
export const staffNewMessageResponse = z.object({ message: staffMessage });

export const uploadFilesResponse = z.object({ fileUrls: z.array(z.string()) });

/**
 * A call both audiences make (fetch-chat, new-chat-message) registers both shapes. The staff
 * shape comes first and only fits a staff presentation (it needs ip_origin, read ticks and ranks);
 * a player presentation fits the player shape, which drops whatever it does not name.
 */
export const fetchChatResponse = z.union([staffFetchChatResponse, playerFetchChatResponse]);
export const newMessageResponse = z.union([staffNewMessageResponse, playerNewMessageResponse]);
