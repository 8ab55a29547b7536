/**
 * The staff ticket search at a million tickets (docs/decisions/search.md):
 * - word indexes for subject, description and chat message, the chat's kept per ticket so that a
 *   match count is a ticket count, and the distinct values of name, e-mail and character name for
 *   Contains (server/db/textSearch.ts, createWordIndexes);
 * - `(last_updated, id)`, so that PostgreSQL pages the default order from the index alone.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { createWordIndexes } from "../textSearch.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createWordIndexes(db, engine);
  await db.schema.createIndex("tickets_last_updated_id").on("tickets").columns(["last_updated", "id"]).execute();
}
