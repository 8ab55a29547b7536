/**
 * Ticket counts per status and category (migration 0020): the folded counts plus the deltas the
 * triggers have written since, summed in one statement, so a reader sees either the deltas or
 * their fold, never both or neither. Exact on both engines; about a hundred rows, whatever the
 * number of tickets, as long as the sweep folds.
 */
import { type Kysely, sql } from "kysely";
import type { TicketStatus } from "../../common/constants.ts";
import type { Engine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database>;

export interface TicketCount {
  status: TicketStatus;
  category_id: number;
  n: number;
}

/** Tickets per (status, category); pairs with no ticket are left out. */
export async function ticketCounts(db: Db): Promise<TicketCount[]> {
  const { rows } = await sql<{ status: TicketStatus; category_id: number; n: number | string }>`
    SELECT status, category_id, sum(n) AS n
    FROM (
      SELECT status, category_id, n FROM ticket_counts
      UNION ALL
      SELECT status, category_id, n FROM ticket_count_deltas
    ) c
    GROUP BY status, category_id
    HAVING sum(n) <> 0`.execute(db);
  return rows.map((r) => ({ status: r.status, category_id: Number(r.category_id), n: Number(r.n) }));
}

/**
 * Moves the deltas into ticket_counts; answers how many delta rows it folded. Safe on several nodes
 * at once and idempotent: on PostgreSQL the fold first takes ticket_counts in SHARE ROW EXCLUSIVE
 * mode (folds wait for each other; readers and the triggers, which only insert deltas, do not
 * wait), then deletes the deltas it sees and adds exactly the deleted rows (DELETE … RETURNING),
 * so a delta committed meanwhile is either folded in full or left for the next fold. On SQLite the
 * one connection runs one transaction at a time, and the two statements see the same rows.
 */
export async function foldTicketCounts(db: Db, engine: Engine): Promise<number> {
  return db.transaction().execute(async (trx) => {
    if (engine === "postgres") {
      await sql`LOCK TABLE ticket_counts IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
      const { rows } = await sql<{ folded: number | string }>`
        WITH gone AS (DELETE FROM ticket_count_deltas RETURNING status, category_id, n),
        added AS (
          INSERT INTO ticket_counts (status, category_id, n)
          SELECT status, category_id, sum(n) FROM gone GROUP BY status, category_id
          ON CONFLICT (status, category_id) DO UPDATE SET n = ticket_counts.n + excluded.n
        )
        SELECT count(*) AS folded FROM gone`.execute(trx);
      return Number(rows[0]?.folded ?? 0);
    }
    const last = await trx
      .selectFrom("ticket_count_deltas")
      .select((eb) => eb.fn.max("id").as("id"))
      .executeTakeFirst();
    const upTo = last?.id;
    if (upTo == null) return 0;
    await sql`INSERT INTO ticket_counts (status, category_id, n)
      SELECT status, category_id, sum(n) FROM ticket_count_deltas WHERE id <= ${upTo} GROUP BY status, category_id
      ON CONFLICT (status, category_id) DO UPDATE SET n = ticket_counts.n + excluded.n`.execute(trx);
    const gone = await trx.deleteFrom("ticket_count_deltas").where("id", "<=", upTo).executeTakeFirst();
    return Number(gone.numDeletedRows);
  });
}

/**
 * The exact number of tickets with one of these statuses (all tickets when none is given), as a
 * scalar subquery of the folded counts and the deltas not folded yet: the ticket list's total for
 * the unfiltered list and for a status filter alone (repositories/ticketSearch.ts).
 */
export function ticketStatusCount(statuses?: readonly string[]) {
  if (statuses && statuses.length === 0) return sql<number | string>`0`;
  const where = statuses ? sql`WHERE status IN (${sql.join(statuses)})` : sql``;
  return sql<number | string>`(SELECT coalesce(sum(n), 0) FROM (
    SELECT status, n FROM ticket_counts UNION ALL SELECT status, n FROM ticket_count_deltas
  ) counted ${where})`;
}

/**
 * Counts the tickets again from the table, for a bulk load that ran with the triggers dropped
 * (bench/searchData.ts). Not for a live database: a ticket written between the statements would be
 * counted twice or not at all.
 */
export const REBUILD_TICKET_COUNTS = [
  "DELETE FROM ticket_count_deltas",
  "DELETE FROM ticket_counts",
  "INSERT INTO ticket_counts (status, category_id, n) SELECT status, category_id, count(*) FROM tickets GROUP BY status, category_id",
] as const;
