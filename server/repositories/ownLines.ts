/**
 * What chat messages and notes share as lines their writers may still change (spec/2-staff-ticket-work.md §4, §6):
 * the guard of every edit and delete, and the quotes that follow a changed line. What a delete
 * means stays with each table (messageEdits.ts keeps the row's type and sets a flag; notes.ts
 * turns the row into a `deleted_notification` and empties it).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** The tables whose lines are written, quoted, edited and deleted by their writers. */
export type LineTable = "chat_messages" | "notes";

/** The one type of a line its writer wrote (system lines of a chat are never changed by hand). */
const WRITTEN_TYPE = { chat_messages: "message", notes: "note" } as const;

/**
 * An UPDATE of one line that must still be the writer's own, a written line and not deleted: a
 * change racing a delete finds no row and fails cleanly instead of writing over it. Kysely types
 * the row of a table union as either; each caller names its own row type.
 */
export function ownLiveLine(
  db: Kysely<Database>,
  table: LineTable,
  line: { ticketId: number; id: number; writerId: number },
) {
  return db
    .updateTable(table)
    .where("ticket_id", "=", line.ticketId)
    .where("id", "=", line.id)
    .where("sender_id", "=", line.writerId)
    .where("type", "=", WRITTEN_TYPE[table])
    .where("deleted", "=", 0);
}

/**
 * Quotes are stored copies ({id, sender_name, message, type?}); they follow the quoted line of
 * the same table and ticket: an edit shows its new text, a delete leaves no trace of the old one.
 * Answers how many quotes changed.
 */
export async function followQuotesOf(
  db: Kysely<Database>,
  table: LineTable,
  quoted: { id: number; ticket_id: number },
  change: { message: string; deleted?: true },
): Promise<number> {
  // Stored quotes start with their id (JSON.stringify keeps the key order they were written in).
  const rows = await db
    .selectFrom(table)
    .select(["id", "reply_to"])
    .where("ticket_id", "=", quoted.ticket_id)
    .where("reply_to", "like", `{"id":${quoted.id},%`)
    .execute();
  let changed = 0;
  for (const row of rows) {
    let stored: Record<string, unknown> | null;
    try {
      stored = JSON.parse(row.reply_to ?? "null") as Record<string, unknown> | null;
    } catch {
      continue;
    }
    if (!stored || stored.id !== quoted.id) continue;
    const next = JSON.stringify({ ...stored, ...change, message: change.message.slice(0, 300) });
    await db.updateTable(table).set({ reply_to: next }).where("id", "=", row.id).execute();
    changed++;
  }
  return changed;
}
