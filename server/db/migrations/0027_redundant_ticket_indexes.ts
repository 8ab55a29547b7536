/**
 * Two indexes of `tickets` that others already are: `(last_updated)` is
 * the start of `(last_updated, id)`, and `(priority_id)` of `(priority_id, id)`, so every query
 * either served is served as well by the longer one. Each index of `tickets` costs every chat
 * message: the message's UPDATE writes `last_updated`, which on SQLite rewrites the entry in every
 * index that holds it (a WAL page each) and on PostgreSQL makes the UPDATE non-HOT, so an entry is
 * written into every index of the table.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.dropIndex("tickets_last_updated").ifExists().execute();
  await db.schema.dropIndex("tickets_priority").ifExists().execute();
}
