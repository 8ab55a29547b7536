/**
 *
 * - `upload_deletions`, the queue of files whose rows are gone: a sweep writes a file's name here
 *   in the transaction that forgets it, and removes the file after the commit; a crash in between
 *   leaves the name queued, and the next sweep removes the file (docs/decisions/uploads.md).
 * - SQLite's Exact search indexes on unicode_lower() (server/db/textSearch.ts).
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { EPOCH } from "../dialect.ts";
import { createUnicodeExactIndexes } from "../textSearch.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("upload_deletions")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("queued_at", EPOCH, (c) => c.notNull())
    .execute();
  await createUnicodeExactIndexes(db, engine);
}
