/**
 * Merging sorted delays and their figures, against sorting everything at once: the count, sum and
 * middle (one middle value for an odd count, the two middle values summed for an even one).
 */
import { describe, expect, it } from "vitest";
import { delayFigures, mergeSorted, NO_DELAYS, sortedDelays } from "./sortedDelays.ts";

/** A small deterministic generator, so a failure names its case. */
function numbers(seed: number, length: number): number[] {
  let x = seed;
  return Array.from({ length }, () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648;
    return (x % 5000) - 100;
  });
}

describe("sorted delays", () => {
  it("merges two sorted arrays into one sorted array, whatever their lengths", () => {
    for (let seed = 1; seed <= 200; seed++) {
      const a = numbers(seed, seed % 17);
      const b = numbers(seed * 7, (seed * 3) % 23);
      const merged = mergeSorted(sortedDelays(a), sortedDelays(b));
      expect(Array.from(merged)).toEqual([...a, ...b].sort((x, y) => x - y));
    }
  });

  it("leaves its inputs as they were", () => {
    const a = sortedDelays([3, 1, 2]);
    const b = sortedDelays([0, 5]);
    mergeSorted(a, b);
    expect(Array.from(a)).toEqual([1, 2, 3]);
    expect(Array.from(b)).toEqual([0, 5]);
    expect(mergeSorted(a, NO_DELAYS)).toBe(a);
  });

  it("answers the count, the sum and the middle as the SQL does", () => {
    expect(delayFigures(NO_DELAYS)).toBeNull();
    expect(delayFigures(sortedDelays([540, 60, 120]))).toEqual({ n: 3, total: 720, middle: 120 });
    expect(delayFigures(sortedDelays([600, 1800]))).toEqual({ n: 2, total: 2400, middle: 2400 });
    expect(delayFigures(sortedDelays([7]))).toEqual({ n: 1, total: 7, middle: 7 });
    expect(delayFigures(sortedDelays([4, 1, 3, 2]))).toEqual({ n: 4, total: 10, middle: 5 });
  });
});
