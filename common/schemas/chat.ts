/** Chat calls and socket events (spec/2-staff-ticket-work.md §3, §7): shared by the player and staff sides. */
import { z } from "zod";
import { LIMITS } from "../constants.ts";
import { decodeChatId } from "../ticket-code.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** A chat id as `chat-{ticketId}` (or the bare ticket id), parsed to the ticket id. */
export const chatId = z.union([z.string().max(40), z.number()]).transform((value, ctx) => {
  const ticketId = decodeChatId(value);
  if (ticketId === null) {
    ctx.addIssue({ code: "custom", message: "not a chat id" });
    return z.NEVER;
  }
  return ticketId;
});

/** Staff replies have no limit in the spec; this bound only keeps one message sane. */
export const STAFF_MESSAGE_MAX = 5000;

export const replyTo = z.object({
  id: id,
  sender_name: z.string().max(200).optional().default(""),
  message: z.string().max(STAFF_MESSAGE_MAX).optional().default(""),
});
export type ReplyTo = z.infer<typeof replyTo>;

/** reply_to arrives as a JSON string in form bodies, as an object in JSON and socket payloads. */
const replyToField = z
  .union([z.string().max(12_000), replyTo, z.null()])
  .optional()
  .transform((value, ctx) => {
    if (value === undefined || value === null || value === "" || value === "null") return null;
    if (typeof value !== "string") return value;
    try {
      return replyTo.parse(JSON.parse(value));
    } catch {
      ctx.addIssue({ code: "custom", message: "reply_to must be a JSON object with id" });
      return z.NEVER;
    }
  });

const attachmentNames = z
  .union([z.string(), z.array(z.string())])
  .optional()
  .transform((value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]))
  .pipe(z.array(z.string().max(300)).max(LIMITS.attachments));

/**
 * The sender's own id for one send (a random UUID, say), kept with the stored message: the same
 * send retried after a lost acknowledgement answers the message stored the first time instead of
 * storing it again. Optional: a client without one gets no such protection.
 */
export const clientMessageId = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/, "8 to 64 letters, digits, '-' or '_'")
  .optional();

/** POST /api/new-chat-message. Sender and class come from the session, never from these fields. */
export const newChatMessageBody = z.object({
  chatId: chatId,
  ticket_id: id.optional(),
  message: z.string().max(STAFF_MESSAGE_MAX).optional().default(""),
  reply_to: replyToField,
  /** Names or URLs of files already sent through upload-files (files may also come in this call). */
  fileUrls: attachmentNames,
  client_id: clientMessageId,
});

export const fetchChatBody = z.object({
  chat_id: chatId,
  /** Messages older than this id, for paging back through a long chat. */
  before: id.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** socket send_message: {messageObj, sender_id, chat_id, replyTo / reply_to}. */
export const sendMessagePayload = z.object({
  chat_id: chatId.optional(),
  messageObj: z.object({
    chatId: chatId,
    message: z.string().max(STAFF_MESSAGE_MAX).optional().default(""),
    attachments: attachmentNames,
    reply_to: replyToField,
    client_id: clientMessageId,
  }),
  reply_to: replyToField,
  replyTo: replyToField,
});

export const messagesReadPayload = z.object({ chat_id: chatId });
export const userTicketVisitPayload = z.object({ ticket_id: id });
export const announcementReadPayload = z.object({ announcement_id: id });

/** The response shapes live with the other response schemas; re-exported for older imports. */
export type { PlayerMessage, ReplyQuote, StaffMessage } from "./chatResponses.ts";
