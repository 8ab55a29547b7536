/**
 * The search's counters on PostgreSQL, each an append-only delta table that triggers write and a
 * folded table, read together in one statement (the pattern of the ticket counters,
 * repositories/ticketCounts.ts):
 * - word counters (migration 0024): the tickets whose subject, description or chat holds a word,
 *   read by the one-word search's total (db/textSearch.ts, pgWordCount);
 * - tickets per day of their last update (migration 0025), read by deep pages of the whole list
 *   (repositories/ticketSearch.ts).
 * The sweep folds them here. SQLite has neither.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database>;

/**
 * Moves one counter's deltas into its folded table; answers how many delta rows it folded. As
 * foldTicketCounts: folds wait for each other on the table lock (the triggers and readers do not),
 * and exactly the deleted deltas are added, so a delta committed meanwhile is folded in full or
 * left for the next fold. A key no ticket holds any more keeps its row, at 0.
 */
async function fold(db: Db, table: string, deltas: string, keys: readonly string[]): Promise<number> {
  const key = sql.join(keys.map((k) => sql.ref(k)));
  return db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const { rows } = await sql<{ folded: number | string }>`
      WITH gone AS (DELETE FROM ${sql.table(deltas)} RETURNING ${key}, n),
      added AS (
        INSERT INTO ${sql.table(table)} (${key}, n)
        SELECT ${key}, sum(n) FROM gone GROUP BY ${key}
        ON CONFLICT (${key}) DO UPDATE SET n = ${sql.table(table)}.n + excluded.n
      )
      SELECT count(*) AS folded FROM gone`.execute(trx);
    return Number(rows[0]?.folded ?? 0);
  });
}

/** Folds the word counters (migration 0024). */
export function foldWordCounts(db: Db): Promise<number> {
  return fold(db, "word_counts", "word_count_deltas", ["field", "word"]);
}

/** Folds the tickets per day of their last update (migration 0025). */
export function foldUpdateDays(db: Db): Promise<number> {
  return fold(db, "ticket_update_days", "ticket_update_day_deltas", ["day"]);
}

/** Folds every search counter; answers the delta rows folded. */
export async function foldSearchCounters(db: Db): Promise<number> {
  return (await foldWordCounts(db)) + (await foldUpdateDays(db));
}
