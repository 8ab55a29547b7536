/**
 * Staff edit and delete their own chat messages (spec/2-staff-ticket-work.md §4 message lifecycle, §6, wire
 * details): socket events `edit_message {chat_id, message_id, message}` and
 * `delete_message {chat_id, message_id}`, each answered `{ok, error?}`.
 */
import { z } from "zod";
import { chatId, STAFF_MESSAGE_MAX } from "./chat.ts";

const messageId = z.coerce.number().int().positive().max(2_147_483_647);

export const editMessagePayload = z.object({
  /** `chat-{ticketId}`: the chat the message belongs to; a message of another chat is not found. */
  chat_id: chatId,
  message_id: messageId,
  /** The new text. It may not be empty: a message is removed with delete_message. */
  message: z.string().trim().min(1).max(STAFF_MESSAGE_MAX),
});
export type EditMessagePayload = z.infer<typeof editMessagePayload>;

export const deleteMessagePayload = z.object({ chat_id: chatId, message_id: messageId });
export type DeleteMessagePayload = z.infer<typeof deleteMessagePayload>;
