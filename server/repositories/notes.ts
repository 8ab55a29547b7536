/**
 * SQL for internal notes. Edits and deletes are guarded UPDATEs (ownLines.ts): the note must still
 * be the writer's own and not deleted, so an edit racing a delete fails cleanly.
 */
import type { Insertable, Kysely } from "kysely";
import type { Database, NoteRow, NotesTable } from "../db/schema.ts";
import { followQuotesOf, ownLiveLine } from "./ownLines.ts";

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

export async function updateNoteText(
  db: Kysely<Database>,
  ticketId: number,
  id: number,
  writerId: number,
  text: string,
): Promise<NoteRow | undefined> {
  return (await ownLiveLine(db, "notes", { ticketId, id, writerId })
    .set({ message: text, edited: 1 })
    .returningAll()
    .executeTakeFirst()) as NoteRow | undefined;
}

/** The row stays as a `deleted_notification` (spec/2-staff-ticket-work.md §3); its text is emptied, not just hidden. */
export async function markNoteDeleted(
  db: Kysely<Database>,
  ticketId: number,
  id: number,
  writerId: number,
): Promise<NoteRow | undefined> {
  return (await ownLiveLine(db, "notes", { ticketId, id, writerId })
    .set({ type: "deleted_notification", deleted: 1, message: "" })
    .returningAll()
    .executeTakeFirst()) as NoteRow | undefined;
}

/** Quotes of a note follow it: the changed row says whether it was edited or deleted. */
export async function rewriteQuotesOf(db: Kysely<Database>, quoted: NoteRow): Promise<void> {
  await followQuotesOf(
    db,
    "notes",
    quoted,
    quoted.deleted === 1 ? { message: "", deleted: true } : { message: quoted.message },
  );
}

/** Names and pictures of the writers of notes. */
export function noteWriters(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("users").select(["id", "name", "avatar", "rank"]).where("id", "in", ids).execute();
}
