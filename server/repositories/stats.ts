/**
 * The statistics' SQL (spec/3-staff-administration.md §2.1, §3). Every figure of a period is a count, sum or order
 * statistic computed by the database, on both engines with the same SQL, except the first-reply
 * figures of the period under way: for those the node reads the delays stamped since its last
 * call (firstReplyDelaysBetween) and keeps the older ones sorted. Periods come as a VALUES list of
 * [from, to) ranges (domain/statsBuckets.ts), joined to the tickets on an index, so each period is
 * one index range read.
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import { ACTIVE_STATUSES, type TicketStatus } from "../../common/constants.ts";
import type { Database } from "../db/schema.ts";
import type { DelayFigures } from "../domain/sortedDelays.ts";
import type { Bucket } from "../domain/statsBuckets.ts";

type Db = Kysely<Database>;

/**
 * The counters of migration 0020 as a subquery `c (status, category_id, n)`: folded counts plus the
 * deltas not folded yet (repositories/ticketCounts.ts), about a hundred rows at any size.
 */
const COUNTS = sql`(
  SELECT status, category_id, n FROM ticket_counts
  UNION ALL
  SELECT status, category_id, n FROM ticket_count_deltas
) c`;

/** Tickets per status, over all tickets. */
export async function countTicketsByStatus(db: Db): Promise<Map<TicketStatus, number>> {
  const { rows } = await sql<{ status: TicketStatus; n: number | string }>`
    SELECT status, sum(n) AS n FROM ${COUNTS} GROUP BY status`.execute(db);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Active tickets per status. */
export async function countOpenTicketsByStatus(db: Db): Promise<Map<TicketStatus, number>> {
  const { rows } = await sql<{ status: TicketStatus; n: number | string }>`
    SELECT status, sum(n) AS n FROM ${COUNTS}
    WHERE status IN (${sql.join(ACTIVE_STATUSES)})
    GROUP BY status`.execute(db);
  return new Map(rows.map((r) => [r.status, Number(r.n)]));
}

/** Active tickets per category (deleted categories included: their tickets are still open), most first. */
export async function countOpenTicketsByCategory(db: Db): Promise<{ id: number; title: string; n: number }[]> {
  const { rows } = await sql<{ id: number; title: string; n: number | string }>`
    SELECT categories.id AS id, categories.title AS title, open.n AS n
    FROM (
      SELECT category_id, sum(n) AS n FROM ${COUNTS}
      WHERE status IN (${sql.join(ACTIVE_STATUSES)})
      GROUP BY category_id
      HAVING sum(n) > 0
    ) open
    JOIN categories ON categories.id = open.category_id
    ORDER BY open.n DESC, categories.value, categories.id`.execute(db);
  return rows.map((r) => ({ id: Number(r.id), title: r.title, n: Number(r.n) }));
}

/** One employee's work: active tickets assigned to them, tickets they resolved or closed. */
export async function countStaffTickets(
  db: Db,
  userId: number,
): Promise<{ open: number; resolved: number; closed: number }> {
  const mine = String(userId);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom("tickets")
        .select(eb.fn.countAll<number>().as("n"))
        .where("assigned_to", "=", userId)
        .where("status", "in", ACTIVE_STATUSES)
        .as("open"),
      eb
        .selectFrom("tickets")
        .select(eb.fn.countAll<number>().as("n"))
        .where("resolved_by", "=", mine)
        .where("status", "=", "RESOLVED")
        .as("resolved"),
      eb
        .selectFrom("tickets")
        .select(eb.fn.countAll<number>().as("n"))
        .where("closed_by", "=", mine)
        .where("status", "=", "CLOSED")
        .as("closed"),
    ])
    .executeTakeFirstOrThrow();
  return { open: Number(row.open ?? 0), resolved: Number(row.resolved ?? 0), closed: Number(row.closed ?? 0) };
}

/**
 * The periods as a table `b (i, lo, hi)`. Parameters, not literals, so the SQL text is the same for
 * every call of a range (SQLite's statement cache, PostgreSQL's plans); the casts give PostgreSQL
 * their types, which it cannot infer inside VALUES.
 */
function periods(buckets: readonly Bucket[]): RawBuilder<unknown> {
  const rows = buckets.map((b, i) => sql`(CAST(${i} AS integer), CAST(${b.from} AS bigint), CAST(${b.to} AS bigint))`);
  return sql`b (i, lo, hi) AS (VALUES ${sql.join(rows)})`;
}

/** Tickets created in each period (by bucket index; every period is present, empty ones with 0). */
export async function countCreatedPerPeriod(db: Db, buckets: readonly Bucket[]): Promise<number[]> {
  if (buckets.length === 0) return [];
  // count(created_at), not count(*): the unique created_at index alone answers it.
  const { rows } = await sql<{ i: number; n: number }>`
    WITH ${periods(buckets)}
    SELECT b.i AS i, count(t.created_at) AS n
    FROM b LEFT JOIN tickets t ON t.created_at >= b.lo AND t.created_at < b.hi
    GROUP BY b.i`.execute(db);
  const counts = buckets.map(() => 0);
  for (const row of rows) counts[Number(row.i)] = Number(row.n);
  return counts;
}

/**
 * The first-reply delays of the tickets whose first reply fell in each period: their count, sum
 * and middle value(s), found with row_number() and count() windows per period: the same SQL on
 * SQLite (which has no percentile function) and on PostgreSQL. Whole numbers, so that the figures
 * can be stored (stats_periods) and mean and median stay exact.
 */
export async function firstReplyDelayPerPeriod(db: Db, buckets: readonly Bucket[]): Promise<(DelayFigures | null)[]> {
  if (buckets.length === 0) return [];
  const { rows } = await sql<{ i: number; n: number; total: number; middle: number }>`
    WITH ${periods(buckets)},
    d AS (
      SELECT b.i AS i, t.first_reply_at - t.created_at AS delay
      FROM b JOIN tickets t ON t.first_reply_at >= b.lo AND t.first_reply_at < b.hi
    ),
    r AS (
      SELECT i, delay,
        row_number() OVER (PARTITION BY i ORDER BY delay) AS rn,
        count(*) OVER (PARTITION BY i) AS cnt
      FROM d
    )
    SELECT i, max(cnt) AS n, sum(delay) AS total,
      sum(CASE WHEN rn = (cnt + 1) / 2 OR rn = (cnt + 2) / 2 THEN delay END) AS middle
    FROM r
    GROUP BY i`.execute(db);
  const figures: (DelayFigures | null)[] = buckets.map(() => null);
  for (const row of rows) {
    figures[Number(row.i)] = { n: Number(row.n), total: Number(row.total), middle: Number(row.middle) };
  }
  return figures;
}

/**
 * The first replies stamped in [from, to): when each was given and its delay (seconds), in no
 * order; for the period under way, whose older part each node keeps sorted (usecases).
 */
export async function firstReplyDelaysBetween(
  db: Db,
  from: number,
  to: number,
): Promise<{ at: number; delay: number }[]> {
  const rows = await db
    .selectFrom("tickets")
    .select((eb) => ["first_reply_at as at", eb(eb.ref("first_reply_at"), "-", eb.ref("created_at")).as("delay")])
    .where("first_reply_at", ">=", from)
    .where("first_reply_at", "<", to)
    .execute();
  return rows.map((r) => ({ at: Number(r.at), delay: Number(r.delay) }));
}

export type PeriodSeries = "created" | "first_reply";

export interface StoredPeriod {
  from: number;
  to: number;
  n: number;
  total: number;
  middle: number;
}

/** The stored figures of finished periods of a series between two instants, keyed `from:to`. */
export async function readStoredPeriods(
  db: Db,
  series: PeriodSeries,
  from: number,
  to: number,
): Promise<Map<string, StoredPeriod>> {
  const rows = await db
    .selectFrom("stats_periods")
    .select(["lo", "hi", "n", "total", "middle"])
    .where("series", "=", series)
    .where("lo", ">=", from)
    .where("lo", "<", to)
    .execute();
  return new Map(
    rows.map((r) => [
      `${r.lo}:${r.hi}`,
      { from: Number(r.lo), to: Number(r.hi), n: Number(r.n), total: Number(r.total), middle: Number(r.middle) },
    ]),
  );
}

/**
 * The generation of the stored periods: the tickets' triggers (migration 0032) move it on whenever
 * a write reaches a period that may have been stored, after deleting the stored figures of the
 * periods it reached. A node keeps figures in memory only for the generation it read.
 */
export async function readStatsGeneration(db: Db): Promise<number> {
  const row = await db.selectFrom("stats_state").select("generation").where("id", "=", 1).executeTakeFirst();
  return Number(row?.generation ?? 0);
}

/**
 * Stores the figures of finished periods, computed while the generation was `generation`; answers
 * whether they were stored. When a ticket write has moved the generation on since, the figures
 * may miss that ticket and nothing is stored: the write's trigger holds the generation row until
 * it commits, so this either waits for it and sees the new generation, or stores first and the
 * write's trigger deletes what it reaches. A period another node stored meanwhile is left as it is
 * (its figures are the same); rows go in period order, so two nodes storing the same periods at
 * once wait for each other in the same order instead of deadlocking.
 */
export async function storePeriods(
  db: Db,
  series: PeriodSeries,
  periods: readonly StoredPeriod[],
  generation: number,
): Promise<boolean> {
  if (periods.length === 0) return true;
  const rows = [...periods]
    .sort((a, b) => a.from - b.from || a.to - b.to)
    .map((p) => ({ series, lo: p.from, hi: p.to, n: p.n, total: p.total, middle: p.middle }));
  return db.transaction().execute(async (trx) => {
    // Updated to itself: the row lock on PostgreSQL, and the check, in one statement.
    const held = await trx
      .updateTable("stats_state")
      .set((eb) => ({ generation: eb.ref("generation") }))
      .where("id", "=", 1)
      .where("generation", "=", generation)
      .executeTakeFirst();
    if (Number(held.numUpdatedRows) === 0) return false;
    await trx
      .insertInto("stats_periods")
      .values(rows)
      .onConflict((oc) => oc.columns(["series", "lo", "hi"]).doNothing())
      .execute();
    return true;
  });
}
