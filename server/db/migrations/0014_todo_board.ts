/**
 * The developer to-do board is one board shared by all staff
 * (docs/decisions/account.md), read as "the active ones, newest first" and "the done ones, newest
 * first"; 0004's (user_id, done) index served a per-user board.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.createIndex("todos_done_timestamp").on("todos").columns(["done", "timestamp"]).execute();
}
