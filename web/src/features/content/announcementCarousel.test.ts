import { describe, expect, it } from "vitest";
import {
  FONT_MAX_PX,
  FONT_MIN_PX,
  fitFontSize,
  isRecentAnnouncement,
  isUnreadOrRecent,
  stepIndex,
  swipeStep,
  withReadFlags,
} from "./announcementCarousel.ts";
import { pickText } from "./localize.ts";

describe("stepIndex", () => {
  it("moves forward and back and wraps at both ends", () => {
    expect(stepIndex(0, 1, 3)).toBe(1);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(1, -1, 3)).toBe(0);
  });

  it("keeps a stale index inside a list that shrank, and answers 0 for an empty list", () => {
    expect(stepIndex(5, 1, 3)).toBe(0);
    expect(stepIndex(5, 0, 3)).toBe(2);
    expect(stepIndex(0, 1, 0)).toBe(0);
    expect(stepIndex(0, 1, 1)).toBe(0);
  });
});

describe("swipeStep", () => {
  it("needs more than 50 px", () => {
    expect(swipeStep(50, "ltr")).toBe(0);
    expect(swipeStep(-50, "ltr")).toBe(0);
    expect(swipeStep(-51, "ltr")).toBe(1);
    expect(swipeStep(51, "ltr")).toBe(-1);
  });

  it("is mirrored right to left", () => {
    expect(swipeStep(80, "rtl")).toBe(1);
    expect(swipeStep(-80, "rtl")).toBe(-1);
  });
});

describe("fitFontSize", () => {
  it("keeps 16 px when the text fits", () => {
    expect(fitFontSize(() => false)).toBe(FONT_MAX_PX);
  });

  it("shrinks one pixel at a time to the first size that fits", () => {
    const tried: number[] = [];
    expect(
      fitFontSize((px) => {
        tried.push(px);
        return px > 13;
      }),
    ).toBe(13);
    expect(tried).toEqual([16, 15, 14, 13]);
  });

  it("stops at 12 px even when nothing fits", () => {
    expect(fitFontSize(() => true)).toBe(FONT_MIN_PX);
  });
});

describe("the yellow border", () => {
  const now = 1_800_000_000;
  it("marks items that started less than a day ago as recent", () => {
    expect(isRecentAnnouncement({ startDate: now - 86_399 }, now)).toBe(true);
    expect(isRecentAnnouncement({ startDate: now - 86_400 }, now)).toBe(false);
  });

  it("is shown while unread or recent, and the primary colour once read and older", () => {
    expect(isUnreadOrRecent({ startDate: now - 10 * 86_400, read: false }, now)).toBe(true);
    expect(isUnreadOrRecent({ startDate: now - 60, read: true }, now)).toBe(true);
    expect(isUnreadOrRecent({ startDate: now - 10 * 86_400, read: true }, now)).toBe(false);
  });
});

describe("withReadFlags", () => {
  it("marks the employee announcements the caller has read, with no English text", () => {
    const rows = [
      { id: 1, title: "A", message: "a", startDate: 1 },
      { id: 2, title: "B", message: "b", startDate: 2 },
    ];
    const shown = withReadFlags(rows, [2, 9]);
    expect(shown.map((r) => r.read)).toEqual([false, true]);
    expect(shown[0]).toMatchObject({ engTitle: "", engMessage: "" });
    // With no English text the panel shows the original in every language.
    expect(pickText("en", shown[0]!.title, shown[0]!.engTitle)).toBe("A");
  });
});
