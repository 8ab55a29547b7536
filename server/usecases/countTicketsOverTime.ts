/**
 * The chart series (spec/3-staff-administration.md §2.1, §7): tickets created per period, and the first-reply delay
 * (mean and median, minutes) of the first replies given per period, for one range.
 *
 * A finished period rarely changes: a new ticket's number is the allocator's now or later, and a
 * first reply is stamped with the moment it is sent. So the figures of finished periods are
 * computed once and stored (stats_periods, for every node; each node also keeps them in memory),
 * and the tickets are read only for the period under way and for periods no one has computed;
 * Last Year then reads one month of tickets instead of a year. A ticket written into the past
 * (the demo seed, an import) is the exception: the tickets' triggers (migration 0032) delete the
 * stored figures of the periods it reaches and move the stats generation on; each call reads the
 * generation first, and a node drops what it kept in memory for an older one.
 *
 * The first-reply median of the period under way cannot be combined from stored figures, and
 * sorting a month of delays on every call cost Last Year about 0.7 s at a million tickets. Each
 * node keeps the delays of the period's settled part sorted in memory (at most one period per
 * range) and reads only the first replies stamped since its previous call.
 */
import {
  type DelayPair,
  type FirstReplyChronologicalResponse,
  STATS_RANGES,
  type StatsRange,
  type TicketsChronologicalResponse,
} from "../../common/schemas/stats.ts";
import type { AppContext } from "../context.ts";
import { type DelayFigures, delayFigures, mergeSorted, NO_DELAYS, sortedDelays } from "../domain/sortedDelays.ts";
import { type Bucket, type Series, seriesBuckets } from "../domain/statsBuckets.ts";
import {
  countCreatedPerPeriod,
  firstReplyDelayPerPeriod,
  firstReplyDelaysBetween,
  type PeriodSeries,
  readStatsGeneration,
  readStoredPeriods,
  type StoredPeriod,
  storePeriods,
} from "../repositories/stats.ts";

export interface SeriesInput {
  range: StatsRange;
  /** Epoch seconds; the newest bucket holds it. */
  now: number;
}

/**
 * A period counts as finished this long after its end, so that nodes whose clocks differ by
 * seconds agree. The triggers of migration 0032 use the same margin: a write younger than this
 * reaches no stored period.
 */
const SETTLED_SECONDS = 60;
const isFinished = (b: { to: number }, now: number) => b.to <= now - SETTLED_SECONDS;
/** Entries per database handle; a year of hours of both series is far below it. */
const MEMO_LIMIT = 20_000;
/**
 * Periods computed from the tickets in one statement span at most this long, so that the first
 * computation of a year (on SQLite, which blocks the node while a statement runs) is a dozen
 * sub-second statements with other requests served between them, not one of many seconds.
 */
const STATEMENT_SPAN_SECONDS = 7 * 86_400;

/** The sorted delays of the first replies stamped in [from, cut) of a period under way. */
interface SettledPart {
  to: number;
  cut: number;
  delays: Float64Array;
}

/** What a node keeps of one generation of the statistics, per database handle. */
interface NodeMemory {
  generation: number;
  /** Figures of finished periods, keyed `series:from:to`. */
  finished: Map<string, unknown>;
  /** The settled part of each period under way, keyed `from:to`. */
  underWay: Map<string, SettledPart>;
}
const memories = new WeakMap<object, NodeMemory>();

/**
 * This node's memory for the stored periods' current generation: a new, empty one when a write
 * has moved the generation on since. A call that read an older generation than another call
 * already did gets a memory of its own, which no later call sees.
 */
async function nodeMemory(ctx: AppContext): Promise<NodeMemory> {
  const { db } = ctx.store;
  const generation = await readStatsGeneration(db);
  const known = memories.get(db);
  if (known && known.generation === generation) return known;
  const fresh: NodeMemory = { generation, finished: new Map(), underWay: new Map() };
  if (!known || known.generation < generation) memories.set(db, fresh);
  return fresh;
}

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
  memory: NodeMemory,
  codec: PeriodCodec<T>,
  buckets: Bucket[],
  now: number,
  compute: (buckets: Bucket[]) => Promise<T[]>,
): Promise<T[]> {
  const { db } = ctx.store;
  const memo = memory.finished;
  const keyOf = (b: Bucket) => `${codec.series}:${b.from}:${b.to}`;
  const remember = (b: Bucket, value: T) => {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(keyOf(b), value);
  };
  const values = new Map<string, T>();
  for (const b of buckets) if (memo.has(keyOf(b))) values.set(keyOf(b), memo.get(keyOf(b)) as T);

  const unknownFinished = buckets.filter((b) => !values.has(keyOf(b)) && isFinished(b, now));
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
    if (!isFinished(b, now)) return;
    remember(b, value);
    toStore.push({ from: b.from, to: b.to, ...codec.toRow(value) });
  });
  await storePeriods(db, codec.series, toStore, memory.generation);
  return buckets.map((b) => values.get(keyOf(b)) as T);
}

/** Runs compute over runs of consecutive buckets spanning at most STATEMENT_SPAN_SECONDS each, yielding between them. */
async function inSpans<T>(buckets: Bucket[], compute: (buckets: Bucket[]) => Promise<T[]>): Promise<T[]> {
  const out: T[] = [];
  let start = 0;
  while (start < buckets.length) {
    let end = start + 1;
    const first = buckets[start] as Bucket;
    while (end < buckets.length && (buckets[end] as Bucket).to - first.from <= STATEMENT_SPAN_SECONDS) end++;
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    out.push(...(await compute(buckets.slice(start, end))));
    start = end;
  }
  return out;
}

/**
 * The first-reply figures of a period that has not settled: the node's sorted delays of its part
 * up to a minute ago (SETTLED_SECONDS), topped up with the replies stamped since the previous
 * call, merged with the replies of the last minute. Exact, as the SQL of a finished period.
 */
async function firstReplyUnderWay(
  ctx: AppContext,
  memory: NodeMemory,
  bucket: Bucket,
  now: number,
): Promise<DelayFigures | null> {
  const { db } = ctx.store;
  const parts = memory.underWay;
  for (const [key, part] of parts) if (isFinished(part, now)) parts.delete(key);
  const key = `${bucket.from}:${bucket.to}`;
  const cut = Math.min(bucket.to, Math.max(bucket.from, now - SETTLED_SECONDS));
  const known = parts.get(key);
  const since = known && known.cut <= cut ? known : { to: bucket.to, cut: bucket.from, delays: NO_DELAYS };
  const settling: number[] = [];
  const recent: number[] = [];
  for (const reply of await firstReplyDelaysBetween(db, since.cut, bucket.to)) {
    (reply.at < cut ? settling : recent).push(reply.delay);
  }
  const settled = mergeSorted(since.delays, sortedDelays(settling));
  if (parts.size >= 2 * STATS_RANGES.length) parts.clear();
  parts.set(key, { to: bucket.to, cut, delays: settled });
  return delayFigures(mergeSorted(settled, sortedDelays(recent)));
}

function meta(series: Series, ctx: AppContext) {
  return { hours_to_count: series.hours, newest: series.newest, time_zone: ctx.config.businessTimezone };
}

export async function countTicketsOverTime(ctx: AppContext, input: SeriesInput): Promise<TicketsChronologicalResponse> {
  const series = seriesBuckets(input.range, input.now, ctx.config.businessTimezone);
  const memory = await nodeMemory(ctx);
  const counts = await perPeriod(ctx, memory, CREATED, series.buckets, input.now, (b) =>
    inSpans(b, (span) => countCreatedPerPeriod(ctx.store.db, span)),
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
  const isSettled = (b: Bucket) => isFinished(b, input.now);
  const memory = await nodeMemory(ctx);
  const figures = await perPeriod(ctx, memory, FIRST_REPLY, series.buckets, input.now, async (missing) => {
    const settled = await inSpans(missing.filter(isSettled), (span) => firstReplyDelayPerPeriod(ctx.store.db, span));
    const values: (DelayFigures | null)[] = [];
    for (const b of missing)
      values.push(isSettled(b) ? (settled.shift() ?? null) : await firstReplyUnderWay(ctx, memory, b, input.now));
    return values;
  });
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
