/**
 * The chart series (spec 3 §2.1, §7): tickets created per period, and the first-reply delay
 * (mean and median, minutes) of the first replies given per period, for one range.
 *
 * A finished period never changes: a new ticket's number is the allocator's now or later, and a
 * first reply is stamped with the moment it is sent. So the figures of finished periods are
 * computed once and stored (stats_periods, for every node; each node also keeps them in memory),
 * and the tickets are read only for the period under way and for periods no one has computed;
 * Last Year then reads one month of tickets instead of a year.
 */
import {
  type DelayPair,
  type FirstReplyChronologicalResponse,
  STATS_RANGES,
  type StatsRange,
  type TicketsChronologicalResponse,
} from "../../common/schemas/stats.ts";
import type { AppContext } from "../context.ts";
import { type Bucket, type Series, seriesBuckets } from "../domain/statsBuckets.ts";
import {
  countCreatedPerPeriod,
  type DelayFigures,
  firstReplyDelayPerPeriod,
  type PeriodSeries,
  readStoredPeriods,
  type StoredPeriod,
  storePeriods,
} from "../repositories/stats.ts";

export interface SeriesInput {
  range: StatsRange;
  /** Epoch seconds; the newest bucket holds it. */
  now: number;
}

/** A period counts as finished this long after its end, so that nodes whose clocks differ by seconds agree. */
const SETTLED_SECONDS = 60;
/** Entries per database handle; a year of hours of both series is far below it. */
const MEMO_LIMIT = 20_000;
const finished = new WeakMap<object, Map<string, unknown>>();

/** How a series' figures are stored as a stats_periods row, and read back. */
interface PeriodCodec<T> {
  series: PeriodSeries;
  toRow(value: T): { n: number; total: number; middle: number };
  fromRow(row: StoredPeriod): T;
}

const CREATED: PeriodCodec<number> = {
  series: "created",
  toRow: (n) => ({ n, total: 0, middle: 0 }),
  fromRow: (row) => row.n,
};

const FIRST_REPLY: PeriodCodec<DelayFigures | null> = {
  series: "first_reply",
  toRow: (f) => f ?? { n: 0, total: 0, middle: 0 },
  fromRow: (row) => (row.n > 0 ? { n: row.n, total: row.total, middle: row.middle } : null),
};

/**
 * The figures per bucket: finished periods from this node's memo, then from the stored periods
 * (stats_periods, shared by every node), and only the rest from the tickets; finished periods
 * computed here are stored for every node. So a node's first call reads the tickets only for the
 * period under way, once any node (or the sweep, warmStatistics) has computed the others.
 */
async function perPeriod<T>(
  ctx: AppContext,
  codec: PeriodCodec<T>,
  buckets: Bucket[],
  now: number,
  compute: (buckets: Bucket[]) => Promise<T[]>,
): Promise<T[]> {
  const { db } = ctx.store;
  let memo = finished.get(db);
  if (!memo) {
    memo = new Map();
    finished.set(db, memo);
  }
  const keyOf = (b: Bucket) => `${codec.series}:${b.from}:${b.to}`;
  const isFinished = (b: Bucket) => b.to <= now - SETTLED_SECONDS;
  const remember = (b: Bucket, value: T) => {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(keyOf(b), value);
  };
  const values = new Map<string, T>();
  for (const b of buckets) if (memo.has(keyOf(b))) values.set(keyOf(b), memo.get(keyOf(b)) as T);

  const unknownFinished = buckets.filter((b) => !values.has(keyOf(b)) && isFinished(b));
  if (unknownFinished.length > 0) {
    const first = Math.min(...unknownFinished.map((b) => b.from));
    const last = Math.max(...unknownFinished.map((b) => b.from));
    const stored = await readStoredPeriods(db, codec.series, first, last + 1);
    for (const b of unknownFinished) {
      const row = stored.get(`${b.from}:${b.to}`);
      if (!row) continue;
      const value = codec.fromRow(row);
      values.set(keyOf(b), value);
      remember(b, value);
    }
  }

  const missing = buckets.filter((b) => !values.has(keyOf(b)));
  const computed = missing.length > 0 ? await compute(missing) : [];
  const toStore: StoredPeriod[] = [];
  missing.forEach((b, i) => {
    const value = computed[i] as T;
    values.set(keyOf(b), value);
    if (!isFinished(b)) return;
    remember(b, value);
    toStore.push({ from: b.from, to: b.to, ...codec.toRow(value) });
  });
  await storePeriods(db, codec.series, toStore);
  return buckets.map((b) => values.get(keyOf(b)) as T);
}

function meta(series: Series, ctx: AppContext) {
  return { hours_to_count: series.hours, newest: series.newest, time_zone: ctx.config.businessTimezone };
}

export async function countTicketsOverTime(ctx: AppContext, input: SeriesInput): Promise<TicketsChronologicalResponse> {
  const series = seriesBuckets(input.range, input.now, ctx.config.businessTimezone);
  const counts = await perPeriod(ctx, CREATED, series.buckets, input.now, (b) =>
    countCreatedPerPeriod(ctx.store.db, b),
  );
  const values: Record<string, number> = {};
  // A wall-clock hour that a DST change repeats has one key: its two periods add up.
  series.buckets.forEach((b, i) => {
    values[b.key] = (values[b.key] ?? 0) + (counts[i] ?? 0);
  });
  return { ...meta(series, ctx), datasets: { [input.range]: values } };
}

const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;

export async function firstReplyDelayOverTime(
  ctx: AppContext,
  input: SeriesInput,
): Promise<FirstReplyChronologicalResponse> {
  const series = seriesBuckets(input.range, input.now, ctx.config.businessTimezone);
  const figures = await perPeriod(ctx, FIRST_REPLY, series.buckets, input.now, (b) =>
    firstReplyDelayPerPeriod(ctx.store.db, b),
  );
  const values: Record<string, DelayPair> = {};
  series.buckets.forEach((b, i) => {
    const f = figures[i];
    // A repeated DST hour keeps the first of its two periods that has replies.
    if (values[b.key]) return;
    values[b.key] = f ? [minutes(f.total / f.n), minutes(f.middle / (f.n % 2 === 1 ? 1 : 2))] : null;
  });
  return { ...meta(series, ctx), datasets: { [input.range]: values } };
}

/**
 * Computes and stores the finished periods of every range of both series, so that the first
 * statistics call of any node reads the tickets only for the periods under way. Run by the sweep;
 * once the periods are stored it reads a few dozen stored rows per range.
 */
export async function warmStatistics(ctx: AppContext, now: number): Promise<void> {
  for (const range of STATS_RANGES) {
    await countTicketsOverTime(ctx, { range, now });
    await firstReplyDelayOverTime(ctx, { range, now });
  }
}
