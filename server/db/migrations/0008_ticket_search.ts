/**
 * The staff ticket search at a million tickets (spec/2-staff-ticket-work.md §2, §7; docs/decisions/search.md):
 * trigram indexes for Contains, lower-case b-tree indexes for Exact and short Contains, a trigram
 * index of chat messages, and (column, id) indexes so that every sort key pages in index order
 * with the id as tie-break.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { createTextSearchIndexes } from "../textSearch.ts";

/** Sort keys whose values repeat a lot: ordered by (key, id) straight from an index. */
const SORT_INDEXES: [string, string][] = [
  ["tickets_status_id", "status"],
  ["tickets_priority_id", "priority_id"],
  ["tickets_category_id", "category_id"],
  ["tickets_server_id", "server_id"],
  ["tickets_assigned_to_id", "assigned_to"],
];

/** Equality filters of the list, in the default order (newest update first) straight from an index. */
const FILTER_INDEXES: [string, string][] = [
  ["tickets_server_updated", "server_id"],
  ["tickets_category_updated", "category_id"],
  ["tickets_priority_updated", "priority_id"],
];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createTextSearchIndexes(db, engine);
  for (const [name, column] of SORT_INDEXES) {
    await db.schema.createIndex(name).on("tickets").columns([column, "id"]).execute();
  }
  for (const [name, column] of FILTER_INDEXES) {
    await db.schema.createIndex(name).on("tickets").columns([column, "last_updated"]).execute();
  }
  // Tagged chats: a user's tag notifications, by ticket.
  await db.schema
    .createIndex("notifications_user_type_ticket")
    .on("notifications")
    .columns(["user_id", "type", "ticket_id"])
    .execute();
}
