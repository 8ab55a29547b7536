import { describe, expect, it } from "vitest";
import { holdPresetTime } from "./holdTimes.ts";

const at = (iso: string) => Date.parse(iso) / 1000;

describe("hold presets", () => {
  it("an hour on, whatever the zone", () => {
    expect(holdPresetTime("hour", "Asia/Tokyo", at("2026-03-04T10:00:00Z"))).toBe(at("2026-03-04T11:00:00Z"));
  });

  it("tomorrow at 09:00 in the business zone, across a month's end and a DST change", () => {
    // 22:30 in Istanbul (UTC+3) is already the next day there.
    expect(holdPresetTime("tomorrow", "Europe/Istanbul", at("2026-01-31T22:30:00Z"))).toBe(at("2026-02-02T06:00:00Z"));
    expect(holdPresetTime("tomorrow", "UTC", at("2026-01-31T10:00:00Z"))).toBe(at("2026-02-01T09:00:00Z"));
    // Berlin moves to summer time on 29 March 2026: 09:00 is then UTC+2.
    expect(holdPresetTime("tomorrow", "Europe/Berlin", at("2026-03-28T12:00:00Z"))).toBe(at("2026-03-29T07:00:00Z"));
  });

  it("next week is the coming Monday at 09:00; from a Monday, the Monday after", () => {
    // 2026-03-04 is a Wednesday.
    expect(holdPresetTime("next_week", "UTC", at("2026-03-04T10:00:00Z"))).toBe(at("2026-03-09T09:00:00Z"));
    expect(holdPresetTime("next_week", "UTC", at("2026-03-09T08:00:00Z"))).toBe(at("2026-03-16T09:00:00Z"));
    expect(holdPresetTime("next_week", "UTC", at("2026-03-08T23:00:00Z"))).toBe(at("2026-03-09T09:00:00Z"));
  });
});
