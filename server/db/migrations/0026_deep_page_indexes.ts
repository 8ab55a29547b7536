/**
 * Deep pages of a filtered list (docs/decisions/search.md). A page in the
 * default order is an OFFSET over the filter's `(column, last_updated)` index; the order's
 * tie-break is the id, which PostgreSQL's index lacks (SQLite's holds the rowid), so PostgreSQL
 * read every skipped ticket from the table to sort it: page 20,000 of a priority took a second.
 * The filter indexes now end with the id, so the skip is read from the index alone, and the
 * active statuses (the status filter ACTIVE, four values, which no `(status, last_updated)` range
 * orders) get a partial index of their own in that order. Written literally in the query
 * (ticketSearch.ts), the four statuses let both engines use it.
 */
import { type Kysely, sql } from "kysely";
import { ACTIVE_STATUSES } from "../../../common/constants.ts";
import type { Engine } from "../database.ts";

/** The filter indexes, now with the id at the end. */
const WITH_ID: Record<string, string[]> = {
  tickets_priority_updated: ["priority_id", "last_updated", "id"],
  tickets_category_updated: ["category_id", "last_updated", "id"],
  tickets_server_updated: ["server_id", "last_updated", "id"],
  tickets_status_updated: ["status", "last_updated", "id"],
  tickets_assignee_updated: ["assigned_to", "last_updated", "id"],
};

/** The active statuses as SQL literals (constants, not input), for the partial index and its query. */
export const ACTIVE_LITERALS = ACTIVE_STATUSES.map((status) => `'${status}'`).join(", ");

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const [name, columns] of Object.entries(WITH_ID)) {
    await db.schema.dropIndex(name).execute();
    await db.schema.createIndex(name).on("tickets").columns(columns).execute();
  }
  await sql
    .raw(`CREATE INDEX tickets_active_updated ON tickets (last_updated, id) WHERE status IN (${ACTIVE_LITERALS})`)
    .execute(db);
}
