/**
 * Ascending arrays of first-reply delays (seconds), for the period under way of a statistic:
 * merging two of them, and the figures stats_periods stores (count, sum, middle).
 */

/** The first replies of a period, in whole numbers so that they can be stored and combined exactly. */
export interface DelayFigures {
  /** First replies given in the period. */
  n: number;
  /** The sum of their delays, seconds. */
  total: number;
  /** The middle delay, or the sum of the two middle delays when n is even; seconds. */
  middle: number;
}

export const NO_DELAYS = new Float64Array(0);

/** The delays in ascending order, as a new array. */
export function sortedDelays(delays: readonly number[]): Float64Array {
  return Float64Array.from(delays).sort();
}

/** One ascending array holding both ascending arrays' values; neither input changes. */
export function mergeSorted(a: Float64Array, b: Float64Array): Float64Array {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Float64Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x <= y) {
      out[k++] = x;
      i++;
    } else {
      out[k++] = y;
      j++;
    }
  }
  out.set(a.subarray(i), k);
  out.set(b.subarray(j), k + a.length - i);
  return out;
}

/**
 * Count, sum and middle of ascending delays, as the SQL of firstReplyDelayPerPeriod answers them:
 * the middle is the middle delay, or the sum of the two middle delays when the count is even.
 */
export function delayFigures(sorted: Float64Array): DelayFigures | null {
  const n = sorted.length;
  if (n === 0) return null;
  let total = 0;
  for (const d of sorted) total += d;
  const middle =
    n % 2 === 1 ? (sorted[(n - 1) / 2] as number) : (sorted[n / 2 - 1] as number) + (sorted[n / 2] as number);
  return { n, total, middle };
}
