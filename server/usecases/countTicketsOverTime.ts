/**
 * The chart series (spec 3 §2.1, §7): tickets created per period, and the first-reply delay
 * (mean and median, minutes) of the first replies given per period, for one range.
 */
import type {
  DelayPair,
  FirstReplyChronologicalResponse,
  StatsRange,
  TicketsChronologicalResponse,
} from "../../common/schemas/stats.ts";
import type { AppContext } from "../context.ts";
import { type Series, seriesBuckets } from "../domain/statsBuckets.ts";
import { countCreatedPerPeriod, firstReplyDelayPerPeriod } from "../repositories/stats.ts";

export interface SeriesInput {
  range: StatsRange;
  /** Epoch seconds; the newest bucket holds it. */
  now: number;
}

function meta(series: Series, ctx: AppContext) {
  return { hours_to_count: series.hours, newest: series.newest, time_zone: ctx.config.businessTimezone };
}

export async function countTicketsOverTime(ctx: AppContext, input: SeriesInput): Promise<TicketsChronologicalResponse> {
  const series = seriesBuckets(input.range, input.now, ctx.config.businessTimezone);
  const counts = await countCreatedPerPeriod(ctx.store.db, series.buckets);
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
  const figures = await firstReplyDelayPerPeriod(ctx.store.db, series.buckets);
  const values: Record<string, DelayPair> = {};
  series.buckets.forEach((b, i) => {
    const f = figures[i];
    // A repeated DST hour keeps the first of its two periods that has replies.
    if (values[b.key]) return;
    values[b.key] = f ? [minutes(f.mean), minutes(f.median)] : null;
  });
  return { ...meta(series, ctx), datasets: { [input.range]: values } };
}
