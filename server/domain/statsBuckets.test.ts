/** Chart periods in zones other than UTC+3: DST days of 23 hours, months, half-hour offsets. */
import { describe, expect, it } from "vitest";
import { wallTime, zonedInstant } from "../../common/zonedTime.ts";
import { seriesBuckets } from "./statsBuckets.ts";

const utc = (y: number, mo: number, d: number, h = 0, mi = 0) => Date.UTC(y, mo - 1, d, h, mi) / 1000;

describe("chart periods", () => {
  it("a day of Last Month is a wall-clock day: 23 hours when DST starts (Europe/Berlin)", () => {
    const { buckets, newest } = seriesBuckets("weeks_to_count", utc(2026, 4, 2, 12), "Europe/Berlin");
    expect(buckets).toHaveLength(30);
    expect(newest).toBe("2026-04-02");
    const dstDay = buckets.find((b) => b.key === "2026-03-29");
    expect(dstDay).toEqual({ key: "2026-03-29", from: utc(2026, 3, 28, 23), to: utc(2026, 3, 29, 22) });
    // Periods follow each other without gaps or overlaps.
    for (let i = 1; i < buckets.length; i++) expect(buckets[i]?.from).toBe(buckets[i - 1]?.to);
  });

  it("a month of Last Year starts on its first at midnight, in summer and winter time", () => {
    const { buckets } = seriesBuckets("months_to_count", utc(2026, 4, 2, 12), "Europe/Berlin");
    expect(buckets.map((b) => b.key)).toEqual(["05", "06", "07", "08", "09", "10", "11", "12", "01", "02", "03", "04"]);
    expect(buckets.at(-1)).toMatchObject({ key: "04", from: utc(2026, 3, 31, 22) });
    expect(buckets.at(-2)).toMatchObject({ key: "03", from: utc(2026, 2, 28, 23), to: utc(2026, 3, 31, 22) });
  });

  it("hours follow the zone's clock, also at a half-hour offset (Asia/Kolkata)", () => {
    const { buckets, newest, hours } = seriesBuckets("hours_to_count", utc(2026, 3, 15, 10, 20), "Asia/Kolkata");
    expect(newest).toBe("15:00");
    expect(buckets.at(-1)).toEqual({ key: "15:00", from: utc(2026, 3, 15, 9, 30), to: utc(2026, 3, 15, 10, 30) });
    expect(buckets[0]?.key).toBe("16:00");
    expect(hours).toBe(24);
  });

  it("Last Week's six-hour periods start at 00, 06, 12 and 18 o'clock", () => {
    const { buckets } = seriesBuckets("intervals_to_count", utc(2026, 3, 15, 10, 20), "Europe/Istanbul");
    expect(buckets).toHaveLength(28);
    expect(new Set(buckets.map((b) => b.key.slice(11)))).toEqual(new Set(["00:00", "06:00", "12:00", "18:00"]));
  });

  it("a wall time that DST skips maps to the instant after the jump", () => {
    const instant = zonedInstant("Europe/Berlin", { year: 2026, month: 3, day: 29, hour: 2, minute: 30 });
    expect(wallTime(instant, "Europe/Berlin")).toMatchObject({ hour: 3, minute: 30 });
  });
});
