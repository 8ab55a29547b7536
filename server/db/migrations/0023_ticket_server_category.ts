/**
 * The list filtered by server, category and status at once
 * (docs/decisions/search.md): `(server_id, category_id, status, last_updated)` answers its exact count from
 * the index alone, a few hundred entries instead of every ticket of the server with its status
 * read from the table, and gives the matches in the default order for the page.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createIndex("tickets_server_category_status_updated")
    .on("tickets")
    .columns(["server_id", "category_id", "status", "last_updated"])
    .execute();
}
