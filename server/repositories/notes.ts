/**
 * SQL for internal notes. Edits and deletes are guarded UPDATEs: the note must still be the
 * writer's own and not deleted, so an edit racing a delete fails cleanly instead of writing over it.
 */
import type { Insertable, Kysely } from "kysely";
import type { Database, NoteRow, NotesTable } from "../db/schema.ts";

export function insertNote(db: Kysely<Database>, row: Insertable<NotesTable>): Promise<NoteRow> {
  return db.insertInto("notes").values(row).returningAll().executeTakeFirstOrThrow();
}

export function findNote(db: Kysely<Database>, ticketId: number, id: number): Promise<NoteRow | undefined> {
  return db.selectFrom("notes").selectAll().where("ticket_id", "=", ticketId).where("id", "=", id).executeTakeFirst();
}

/** The newest `limit` notes of a ticket, oldest first. */
export async function listNotes(db: Kysely<Database>, ticketId: number, limit: number): Promise<NoteRow[]> {
  const rows = await db
    .selectFrom("notes")
    .selectAll()
    .where("ticket_id", "=", ticketId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
  return rows.reverse();
}

function ownLiveNote(db: Kysely<Database>, ticketId: number, id: number, writerId: number) {
  return db
    .updateTable("notes")
    .where("ticket_id", "=", ticketId)
    .where("id", "=", id)
    .where("sender_id", "=", writerId)
    .where("type", "=", "note")
    .where("deleted", "=", 0);
}

export function updateNoteText(
  db: Kysely<Database>,
  ticketId: number,
  id: number,
  writerId: number,
  text: string,
): Promise<NoteRow | undefined> {
  return ownLiveNote(db, ticketId, id, writerId).set({ message: text, edited: 1 }).returningAll().executeTakeFirst();
}

/** The row stays as a `deleted_notification` (spec 2 §3); its text is emptied, not just hidden. */
export function markNoteDeleted(
  db: Kysely<Database>,
  ticketId: number,
  id: number,
  writerId: number,
): Promise<NoteRow | undefined> {
  return ownLiveNote(db, ticketId, id, writerId)
    .set({ type: "deleted_notification", deleted: 1, message: "" })
    .returningAll()
    .executeTakeFirst();
}

/**
 * Quotes of a note are stored copies that follow it: an edit shows the new text, a delete leaves
 * no trace of the old one.
 */
export async function rewriteQuotesOf(db: Kysely<Database>, quoted: NoteRow): Promise<void> {
  const deleted = quoted.deleted === 1;
  const rows = await db
    .selectFrom("notes")
    .select(["id", "reply_to"])
    .where("ticket_id", "=", quoted.ticket_id)
    .where("reply_to", "like", `{"id":${quoted.id},%`)
    .execute();
  for (const row of rows) {
    let stored: { id?: unknown } | null = null;
    try {
      stored = JSON.parse(row.reply_to ?? "null") as { id?: unknown } | null;
    } catch {
      continue;
    }
    if (!stored || stored.id !== quoted.id) continue;
    const change = deleted ? { message: "", deleted: true } : { message: quoted.message.slice(0, 300) };
    const next = JSON.stringify({ ...stored, ...change });
    await db.updateTable("notes").set({ reply_to: next }).where("id", "=", row.id).execute();
  }
}

/** Names and pictures of the writers of notes. */
export function noteWriters(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("users").select(["id", "name", "avatar", "rank"]).where("id", "in", ids).execute();
}
