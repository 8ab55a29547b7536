import { describe, expect, it } from "vitest";
import {
  disableEndsAt,
  earliestDisableDate,
  formatDisableDate,
  isDisableDateAllowed,
  latestDisableDate,
  parseDisableDate,
} from "./disableDate.ts";
import { isTimeZone } from "./zonedTime.ts";

const ISTANBUL = "Europe/Istanbul";
/** Epoch seconds of a UTC wall time. */
const utc = (y: number, m: number, d: number, h: number, min = 0) => Date.UTC(y, m - 1, d, h, min) / 1000;

describe("staff disable dates (spec/3-staff-administration.md §4)", () => {
  it("ends at 19:00 UTC+3, i.e. 16:00 UTC", () => {
    expect(disableEndsAt(ISTANBUL, { year: 2026, month: 3, day: 14 })).toBe(utc(2026, 3, 14, 16));
  });

  it("follows the configured zone's own offset, summer time included", () => {
    expect(disableEndsAt("Europe/Berlin", { year: 2026, month: 7, day: 1 })).toBe(utc(2026, 7, 1, 17));
    expect(disableEndsAt("Europe/Berlin", { year: 2026, month: 1, day: 1 })).toBe(utc(2026, 1, 1, 18));
  });

  it("starts today before 19:00 in the zone and tomorrow from 19:00 on", () => {
    // 18:59 and 19:00 in Istanbul are 15:59 and 16:00 UTC.
    expect(earliestDisableDate(ISTANBUL, utc(2026, 12, 31, 15, 59))).toEqual({ year: 2026, month: 12, day: 31 });
    expect(earliestDisableDate(ISTANBUL, utc(2026, 12, 31, 16, 0))).toEqual({ year: 2027, month: 1, day: 1 });
    // 22:30 UTC is already the next day in Istanbul (01:30).
    expect(earliestDisableDate(ISTANBUL, utc(2026, 5, 9, 22, 30))).toEqual({ year: 2026, month: 5, day: 10 });
  });

  it("reaches five years ahead and no further", () => {
    const now = utc(2026, 5, 9, 10);
    expect(latestDisableDate(ISTANBUL, now)).toEqual({ year: 2031, month: 5, day: 9 });
    expect(isDisableDateAllowed(ISTANBUL, { year: 2031, month: 5, day: 9 }, now)).toBe(true);
    expect(isDisableDateAllowed(ISTANBUL, { year: 2031, month: 5, day: 10 }, now)).toBe(false);
    expect(isDisableDateAllowed(ISTANBUL, { year: 2026, month: 5, day: 8 }, now)).toBe(false);
    expect(isDisableDateAllowed(ISTANBUL, { year: 2026, month: 5, day: 9 }, now)).toBe(true);
  });

  it("reads only real DD.MM.YYYY dates", () => {
    expect(parseDisableDate("09.05.2026")).toEqual({ year: 2026, month: 5, day: 9 });
    expect(parseDisableDate("31.02.2026")).toBeNull();
    expect(parseDisableDate("9.5.2026")).toBeNull();
    expect(parseDisableDate("2026-05-09")).toBeNull();
    expect(formatDisableDate({ year: 2026, month: 5, day: 9 })).toBe("09.05.2026");
  });

  it("knows real zone names only", () => {
    expect(isTimeZone(ISTANBUL)).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
