/**
 * SQL for editing and deleting chat messages. Each change is a guarded UPDATE: the message must
 * still be the sender's own, a plain message and not deleted, so a change racing a delete fails
 * cleanly instead of writing over it.
 */
import type { Kysely } from "kysely";
import type { ChatMessageRow, Database } from "../db/schema.ts";

function guarded(db: Kysely<Database>, ticketId: number, messageId: number, senderId: number) {
  return db
    .updateTable("chat_messages")
    .where("ticket_id", "=", ticketId)
    .where("id", "=", messageId)
    .where("sender_id", "=", senderId)
    .where("type", "=", "message")
    .where("deleted", "=", 0);
}

export function updateMessageText(
  db: Kysely<Database>,
  ticketId: number,
  messageId: number,
  senderId: number,
  text: string,
): Promise<ChatMessageRow | undefined> {
  return guarded(db, ticketId, messageId, senderId).set({ message: text, edited: 1 }).returningAll().executeTakeFirst();
}

/** The row stays (the chat keeps its shape); its text and files are no longer presented. */
export function markMessageDeleted(
  db: Kysely<Database>,
  ticketId: number,
  messageId: number,
  senderId: number,
): Promise<ChatMessageRow | undefined> {
  return guarded(db, ticketId, messageId, senderId).set({ deleted: 1 }).returningAll().executeTakeFirst();
}

/**
 * Quotes are stored copies ({id, sender_name, message, type}); they follow the quoted message:
 * an edit shows its new text, a delete leaves no trace of the old one. Answers how many changed.
 */
export async function rewriteQuotesOf(
  db: Kysely<Database>,
  quoted: ChatMessageRow,
  change: { message: string; deleted?: true },
): Promise<number> {
  // Stored quotes start with their id (JSON.stringify keeps the key order they were written in).
  const rows = await db
    .selectFrom("chat_messages")
    .select(["id", "reply_to"])
    .where("ticket_id", "=", quoted.ticket_id)
    .where("reply_to", "like", `{"id":${quoted.id},%`)
    .execute();
  let changed = 0;
  for (const row of rows) {
    let stored: Record<string, unknown>;
    try {
      stored = JSON.parse(row.reply_to ?? "null") as Record<string, unknown>;
    } catch {
      continue;
    }
    if (!stored || stored.id !== quoted.id) continue;
    const next = JSON.stringify({ ...stored, ...change, message: change.message.slice(0, 300) });
    await db.updateTable("chat_messages").set({ reply_to: next }).where("id", "=", row.id).execute();
    changed++;
  }
  return changed;
}
