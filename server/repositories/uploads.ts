/** Rows of uploaded files; the bytes live in the UploadStore. */
import type { Kysely } from "kysely";
import { nowSeconds } from "../auth/tokens.ts";
import type { Database, UploadRow } from "../db/schema.ts";
import type { SavedFile } from "../uploads/storage.ts";

export async function recordUploads(
  db: Kysely<Database>,
  userId: number,
  files: SavedFile[],
  ticketId: number | null = null,
): Promise<void> {
  if (!files.length) return;
  const now = nowSeconds();
  await db
    .insertInto("uploads")
    .values(
      files.map((f) => ({
        name: f.name,
        user_id: userId,
        ticket_id: ticketId,
        mime: f.mime,
        size: f.size,
        original_name: f.originalName,
        created_at: now,
      })),
    )
    .execute();
}

export function findUpload(db: Kysely<Database>, name: string): Promise<UploadRow | undefined> {
  return db.selectFrom("uploads").selectAll().where("name", "=", name).executeTakeFirst();
}

/**
 * Attaches files that this user uploaded and that belong to no ticket yet. Answers the names it
 * attached; a name that is someone else's, or already attached elsewhere, is left out.
 */
export async function claimUploads(
  db: Kysely<Database>,
  userId: number,
  names: string[],
  ticketId: number,
): Promise<string[]> {
  if (!names.length) return [];
  const rows = await db
    .updateTable("uploads")
    .set({ ticket_id: ticketId })
    .where("name", "in", names)
    .where("user_id", "=", userId)
    .where((eb) => eb.or([eb("ticket_id", "is", null), eb("ticket_id", "=", ticketId)]))
    .returning("name")
    .execute();
  const claimed = new Set(rows.map((r) => r.name));
  return names.filter((n) => claimed.has(n));
}

/**
 * Deletes the rows of uploads that no ticket claimed before `before` and answers their names. One
 * statement: when several nodes sweep at once, each row is deleted (and its file queued) by one.
 */
export async function deleteOrphanUploads(db: Kysely<Database>, before: number): Promise<string[]> {
  const rows = await db
    .deleteFrom("uploads")
    .where("ticket_id", "is", null)
    .where("created_at", "<", before)
    .returning("name")
    .execute();
  return rows.map((r) => r.name);
}

// ---- files waiting to leave the disk (0018)

/** Queues stored names for removal, in the transaction that forgets their rows. */
export async function queueFileDeletions(db: Kysely<Database>, names: string[], now = nowSeconds()): Promise<void> {
  if (!names.length) return;
  await db
    .insertInto("upload_deletions")
    .values(names.map((name) => ({ name, queued_at: now })))
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

/** The oldest queued names, at most `limit`. */
export async function queuedFileDeletions(db: Kysely<Database>, limit: number): Promise<string[]> {
  const rows = await db.selectFrom("upload_deletions").select("name").orderBy("queued_at").limit(limit).execute();
  return rows.map((r) => r.name);
}

/** Takes names off the queue once their files are gone. */
export async function dequeueFileDeletions(db: Kysely<Database>, names: string[]): Promise<void> {
  if (names.length) await db.deleteFrom("upload_deletions").where("name", "in", names).execute();
}
