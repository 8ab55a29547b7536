/**
 * The number of tickets per status, kept as append-only delta rows (issue 7, performance; part
 * search in docs/decisions.md), so that the total of the unfiltered list and of a status filter
 * is the sum of a few rows instead of a count over a million index entries.
 *
 * - `ticket_status_counts (id, status, delta)`: a ticket written adds +1 for its status, a
 *   ticket deleted -1, a status change -1 for the old and +1 for the new one. Triggers write them
 *   in the transaction that changes the ticket, so a reader sees exactly the tickets its snapshot
 *   sees: the sum is as exact as `count(*)`.
 * - Rows are only ever inserted by the triggers, never updated: two transactions changing
 *   statuses in opposite directions take no common row lock (a one-row-per-status table
 *   deadlocked, see part searchspeed).
 * - The sweep folds them (foldTicketStatusCounts): the rows it removes become one row per status,
 *   in one statement on PostgreSQL (DELETE … RETURNING feeding the INSERT, so exactly the rows
 *   removed are summed, whatever commits meanwhile); SQLite has one writer at a time.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "./database.ts";
import type { Database } from "./schema.ts";

/** The table, its triggers, and the counts of the tickets already there (migration 0024). */
export async function createTicketStatusCounts(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = engine === "postgres" ? "serial PRIMARY KEY" : "INTEGER PRIMARY KEY AUTOINCREMENT";
  const statements =
    engine === "postgres"
      ? [
          `CREATE TABLE ticket_status_counts (id ${id}, status text NOT NULL, delta integer NOT NULL)`,
          // Whole statements: a bulk insert or delete writes one row per status, not per ticket.
          `CREATE FUNCTION ticket_status_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             INSERT INTO ticket_status_counts (status, delta) SELECT status, count(*) FROM added GROUP BY status;
             RETURN NULL;
           END $$`,
          `CREATE FUNCTION ticket_status_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             INSERT INTO ticket_status_counts (status, delta) SELECT status, -count(*) FROM removed GROUP BY status;
             RETURN NULL;
           END $$`,
          `CREATE FUNCTION ticket_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             INSERT INTO ticket_status_counts (status, delta) VALUES (OLD.status, -1), (NEW.status, 1);
             RETURN NULL;
           END $$`,
          `CREATE TRIGGER ticket_status_counts_insert AFTER INSERT ON tickets
             REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ticket_status_counts_added()`,
          `CREATE TRIGGER ticket_status_counts_delete AFTER DELETE ON tickets
             REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION ticket_status_counts_removed()`,
          // A column list allows no transition table, so a status change is seen row by row; the
          // WHEN keeps every other update (last_updated on each message) from calling anything.
          `CREATE TRIGGER ticket_status_counts_update AFTER UPDATE OF status ON tickets
             FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION ticket_status_counts_changed()`,
        ]
      : [
          `CREATE TABLE ticket_status_counts (id ${id}, status text NOT NULL, delta integer NOT NULL)`,
          `CREATE TRIGGER ticket_status_counts_insert AFTER INSERT ON tickets BEGIN
             INSERT INTO ticket_status_counts (status, delta) VALUES (new.status, 1);
           END`,
          `CREATE TRIGGER ticket_status_counts_delete AFTER DELETE ON tickets BEGIN
             INSERT INTO ticket_status_counts (status, delta) VALUES (old.status, -1);
           END`,
          `CREATE TRIGGER ticket_status_counts_update AFTER UPDATE OF status ON tickets
             WHEN old.status IS NOT new.status BEGIN
             INSERT INTO ticket_status_counts (status, delta) VALUES (old.status, -1), (new.status, 1);
           END`,
        ];
  for (const statement of statements) await sql.raw(statement).execute(db);
  await sql`CREATE INDEX ticket_status_counts_status ON ticket_status_counts (status, delta)`.execute(db);
  await rebuildTicketStatusCounts(db);
}

/**
 * Counts the tickets again from the table: after the migration, and after a bulk load that ran
 * with the triggers dropped (bench/searchData.ts on SQLite). Not for a live database: a ticket
 * written between the two statements would be counted twice or not at all on PostgreSQL.
 */
export async function rebuildTicketStatusCounts(db: Kysely<unknown>): Promise<void> {
  for (const statement of REBUILD_TICKET_STATUS_COUNTS) await sql.raw(statement).execute(db);
}

/** The statements of rebuildTicketStatusCounts, for a bulk load on a bare driver. */
export const REBUILD_TICKET_STATUS_COUNTS = [
  "DELETE FROM ticket_status_counts",
  "INSERT INTO ticket_status_counts (status, delta) SELECT status, count(*) FROM tickets GROUP BY status",
] as const;

/**
 * Folds the delta rows into one row per status (statuses summing to 0 leave none). Safe while
 * tickets change and when several nodes fold at once: on PostgreSQL one statement sums exactly the
 * rows it deleted (a row another fold deleted first is not returned twice); rows committed
 * meanwhile stay as they are. Answers how many rows were folded.
 */
export async function foldTicketStatusCounts(db: Kysely<Database>, engine: Engine): Promise<number> {
  if (engine === "postgres") {
    const { rows } = await sql<{ folded: string | number }>`
      WITH gone AS (DELETE FROM ticket_status_counts RETURNING status, delta),
        kept AS (
          INSERT INTO ticket_status_counts (status, delta)
          SELECT status, sum(delta) FROM gone GROUP BY status HAVING sum(delta) <> 0
        )
      SELECT count(*) AS folded FROM gone`.execute(db);
    return Number(rows[0]?.folded ?? 0);
  }
  return db.transaction().execute(async (trx) => {
    const rows = await sql<{ status: string; delta: number; rows: number }>`
      SELECT status, sum(delta) AS delta, count(*) AS rows FROM ticket_status_counts GROUP BY status`.execute(trx);
    await sql`DELETE FROM ticket_status_counts`.execute(trx);
    for (const row of rows.rows) {
      if (row.delta !== 0) {
        await sql`INSERT INTO ticket_status_counts (status, delta) VALUES (${row.status}, ${row.delta})`.execute(trx);
      }
    }
    return rows.rows.reduce((sum, row) => sum + row.rows, 0);
  });
}

/**
 * The exact number of tickets with one of these statuses (all tickets when none is given), as a
 * scalar subquery of the delta rows.
 */
export function ticketStatusCount(statuses?: readonly string[]) {
  if (statuses && statuses.length === 0) return sql<number | string>`0`;
  const where = statuses ? sql`WHERE status IN (${sql.join(statuses)})` : sql``;
  return sql<number | string>`(SELECT coalesce(sum(delta), 0) FROM ticket_status_counts ${where})`;
}
