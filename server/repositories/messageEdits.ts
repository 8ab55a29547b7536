/**
 * SQL for editing and deleting chat messages, as guarded UPDATEs (ownLines.ts): the message must
 * still be the sender's own, a plain message and not deleted.
 */
import type { Kysely } from "kysely";
import type { ChatMessageRow, Database } from "../db/schema.ts";
import { followQuotesOf, ownLiveLine } from "./ownLines.ts";

export async function updateMessageText(
  db: Kysely<Database>,
  ticketId: number,
  messageId: number,
  senderId: number,
  text: string,
): Promise<ChatMessageRow | undefined> {
  return (await ownLiveLine(db, "chat_messages", { ticketId, id: messageId, writerId: senderId })
    .set({ message: text, edited: 1 })
    .returningAll()
    .executeTakeFirst()) as ChatMessageRow | undefined;
}

/** The row stays (the chat keeps its shape) with its type; its text and files are no longer presented. */
export async function markMessageDeleted(
  db: Kysely<Database>,
  ticketId: number,
  messageId: number,
  senderId: number,
): Promise<ChatMessageRow | undefined> {
  return (await ownLiveLine(db, "chat_messages", { ticketId, id: messageId, writerId: senderId })
    .set({ deleted: 1 })
    .returningAll()
    .executeTakeFirst()) as ChatMessageRow | undefined;
}

/** Quotes of a chat message follow it (an edit's text, a delete's blank). Answers how many changed. */
export function rewriteQuotesOf(
  db: Kysely<Database>,
  quoted: ChatMessageRow,
  change: { message: string; deleted?: true },
): Promise<number> {
  return followQuotesOf(db, "chat_messages", quoted, change);
}
