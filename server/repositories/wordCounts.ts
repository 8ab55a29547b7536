/**
 * Word counters on PostgreSQL (migration 0024): the tickets whose subject, description or chat
 * holds a word are the folded count plus the deltas the triggers wrote since, summed in one
 * statement by the search (db/textSearch.ts, pgWordCount), the pattern of the ticket counters
 * (repositories/ticketCounts.ts). The sweep folds them here.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

/**
 * Moves the deltas into word_counts; answers how many delta rows it folded. As foldTicketCounts:
 * folds wait for each other on the table lock (the triggers and readers do not), and exactly the
 * deleted deltas are added, so a delta committed meanwhile is folded in full or left for the next
 * fold. A word no ticket holds any more keeps its row, at 0.
 */
export async function foldWordCounts(db: Kysely<Database>): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`LOCK TABLE word_counts IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
    const { rows } = await sql<{ folded: number | string }>`
      WITH gone AS (DELETE FROM word_count_deltas RETURNING field, word, n),
      added AS (
        INSERT INTO word_counts (field, word, n)
        SELECT field, word, sum(n) FROM gone GROUP BY field, word
        ON CONFLICT (field, word) DO UPDATE SET n = word_counts.n + excluded.n
      )
      SELECT count(*) AS folded FROM gone`.execute(trx);
    return Number(rows[0]?.folded ?? 0);
  });
}
