/**
 * The buckets of the chart ranges (spec/3-staff-administration.md §2.1, §3): which periods a series counts and how each
 * is keyed. Periods are wall-clock periods of the business time zone, so a day is a day there
 * and a month starts on its first. The SQL only counts inside the [from, to) ranges given here.
 */
import type { StatsRange } from "../../common/schemas/stats.ts";
import { clockTime, isoDate, twoDigits, wallTime, zonedInstant } from "../../common/zonedTime.ts";

export interface Bucket {
  key: string;
  /** Epoch seconds, inclusive. */
  from: number;
  /** Epoch seconds, exclusive: the next bucket's start. */
  to: number;
}

export interface Series {
  /** Oldest first; the newest bucket holds now. */
  buckets: Bucket[];
  newest: string;
  /** Hours from the oldest bucket's start to now, rounded up. */
  hours: number;
}

const HOUR = 3600;

/** Bucket counts and widths of each range (docs/decisions/dashboard.md). */
export const RANGE_SHAPES = {
  hours_to_count: { buckets: 24, hours: 1 },
  intervals_to_count: { buckets: 28, hours: 6 },
  weeks_to_count: { buckets: 30, days: 1 },
  months_to_count: { buckets: 12, months: 1 },
} as const;

export function seriesBuckets(range: StatsRange, now: number, timeZone: string): Series {
  const clock = wallTime(now, timeZone);
  const starts: number[] = [];
  const shape = RANGE_SHAPES[range];
  for (let back = shape.buckets; back >= 0; back--) {
    // One start more than there are buckets: the last one ends the newest bucket.
    const ahead = 1 - back;
    if ("hours" in shape) {
      const hour = Math.floor(clock.hour / shape.hours) * shape.hours;
      const current = zonedInstant(timeZone, { ...clock, hour, minute: 0 });
      starts.push(current + ahead * shape.hours * HOUR);
    } else if ("days" in shape) {
      starts.push(zonedInstant(timeZone, { ...clock, day: clock.day + ahead, hour: 0, minute: 0 }));
    } else {
      starts.push(zonedInstant(timeZone, { ...clock, month: clock.month + ahead, day: 1, hour: 0, minute: 0 }));
    }
  }
  const buckets: Bucket[] = [];
  for (let i = 0; i + 1 < starts.length; i++) {
    const from = starts[i] as number;
    buckets.push({ key: bucketKey(range, from, timeZone), from, to: starts[i + 1] as number });
  }
  const oldest = buckets[0]?.from ?? now;
  return { buckets, newest: buckets.at(-1)?.key ?? "", hours: Math.ceil((now - oldest) / HOUR) };
}

function bucketKey(range: StatsRange, from: number, timeZone: string): string {
  const t = wallTime(from, timeZone);
  switch (range) {
    case "hours_to_count":
      return clockTime({ ...t, minute: 0 });
    case "intervals_to_count":
      return `${isoDate(t)} ${clockTime({ ...t, minute: 0 })}`;
    case "weeks_to_count":
      return isoDate(t);
    case "months_to_count":
      return twoDigits(t.month);
  }
}
