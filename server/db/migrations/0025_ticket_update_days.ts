/**
 * Tickets per day of their last update, on PostgreSQL
 * (docs/decisions/search.md), so that a deep page of the whole list in its default order (last updated)
 * starts inside the right day instead of skipping every ticket before it: page 50,000 of a million
 * tickets was an OFFSET of 500,000 index entries, about 70 ms; SQLite walks the same offset in
 * about 20 ms and gets nothing here.
 * - `ticket_update_day_deltas`, append-only: a trigger on `tickets` adds +1 for the day a ticket
 *   enters and -1 for the day it leaves (inserted, deleted, or moved by an update of
 *   `last_updated` to another day; an update within the same day, as most chat lines are, writes
 *   nothing).
 * - `ticket_update_days`, the folded counts: the sweep moves the deltas into it
 *   (repositories/searchCounters.ts). A count is the fold plus the deltas, read in one statement.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";

/** Seconds per bucket: a day. */
export const UPDATE_DAY_SECONDS = 86_400;

/** The statements that (re)fill the counts from the tickets; a bulk load with the trigger off runs them. */
export const REBUILD_UPDATE_DAYS = [
  "DELETE FROM ticket_update_day_deltas",
  "DELETE FROM ticket_update_days",
  `INSERT INTO ticket_update_days (day, n) SELECT last_updated / ${UPDATE_DAY_SECONDS}, count(*) FROM tickets GROUP BY 1`,
] as const;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  await sql`CREATE TABLE ticket_update_days (day bigint PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`CREATE TABLE ticket_update_day_deltas (
    id bigserial PRIMARY KEY,
    day bigint NOT NULL,
    n integer NOT NULL
  )`.execute(db);
  for (const statement of REBUILD_UPDATE_DAYS) await sql.raw(statement).execute(db);
  const day = (row: string) => `${row}.last_updated / ${UPDATE_DAY_SECONDS}`;
  const add = (row: string, n: number) => `INSERT INTO ticket_update_day_deltas (day, n) VALUES (${day(row)}, ${n});`;
  await sql
    .raw(`CREATE FUNCTION ticket_update_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${add("NEW", 1)}
        ELSIF TG_OP = 'DELETE' THEN
          ${add("OLD", -1)}
        ELSIF ${day("OLD")} <> ${day("NEW")} THEN
          ${add("OLD", -1)}
          ${add("NEW", 1)}
        END IF;
        RETURN NULL;
      END $$`)
    .execute(db);
  await sql`CREATE TRIGGER ticket_update_days_change AFTER INSERT OR DELETE OR UPDATE OF last_updated
    ON tickets FOR EACH ROW EXECUTE FUNCTION ticket_update_days_change()`.execute(db);
}
