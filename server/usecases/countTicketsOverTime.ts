/**
 * The chart series (spec 3 §2.1, §7): tickets created per period, and the first-reply delay
 * (mean and median, minutes) of the first replies given per period, for one range.
 *
 * A finished period never changes: a new ticket's number is the allocator's now or later, and a
 * first reply is stamped with the moment it is sent. So each node keeps the figures of finished
 * periods (per database handle) and asks the database only for the period under way and for
 * periods it has not seen; Last Year then reads one month of tickets instead of a year.
 */
import type {
  DelayPair,
  FirstReplyChronologicalResponse,
  StatsRange,
  TicketsChronologicalResponse,
} from "../../common/schemas/stats.ts";
import type { AppContext } from "../context.ts";
import { type Bucket, type Series, seriesBuckets } from "../domain/statsBuckets.ts";
import { countCreatedPerPeriod, firstReplyDelayPerPeriod } from "../repositories/stats.ts";

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

/** The figures per bucket, from the memo of finished periods where it has them. */
async function perPeriod<T>(
  ctx: AppContext,
  kind: "created" | "first_reply",
  buckets: Bucket[],
  now: number,
  compute: (buckets: Bucket[]) => Promise<T[]>,
): Promise<T[]> {
  let memo = finished.get(ctx.store.db);
  if (!memo) {
    memo = new Map();
    finished.set(ctx.store.db, memo);
  }
  const keyOf = (b: Bucket) => `${kind}:${b.from}:${b.to}`;
  const missing = buckets.filter((b) => !memo.has(keyOf(b)));
  const computed = missing.length > 0 ? await compute(missing) : [];
  const fresh = new Map(missing.map((b, i) => [keyOf(b), computed[i] as T]));
  for (const b of missing) {
    if (b.to > now - SETTLED_SECONDS) continue;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(keyOf(b), fresh.get(keyOf(b)));
  }
  return buckets.map((b) => (fresh.has(keyOf(b)) ? fresh.get(keyOf(b)) : memo.get(keyOf(b))) as T);
}

function meta(series: Series, ctx: AppContext) {
  return { hours_to_count: series.hours, newest: series.newest, time_zone: ctx.config.businessTimezone };
}

export async function countTicketsOverTime(ctx: AppContext, input: SeriesInput): Promise<TicketsChronologicalResponse> {
  const series = seriesBuckets(input.range, input.now, ctx.config.businessTimezone);
  const counts = await perPeriod(ctx, "created", series.buckets, input.now, (b) =>
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
  const figures = await perPeriod(ctx, "first_reply", series.buckets, input.now, (b) =>
    firstReplyDelayPerPeriod(ctx.store.db, b),
  );
  const values: Record<string, DelayPair> = {};
  series.buckets.forEach((b, i) => {
    const f = figures[i];
    // A repeated DST hour keeps the first of its two periods that has replies.
    if (values[b.key]) return;
    values[b.key] = f ? [minutes(f.mean), minutes(f.median)] : null;
  });
  return { ...meta(series, ctx), datasets: { [input.range]: values } };
}
