import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../ui/formatDate.ts";
import { chatTimeLabel, continuesGroup, GROUP_WINDOW_SECONDS } from "./messengerLines.ts";

// Noon, so that a few minutes either way stay on the same day in any time zone the test runs in.
const noon = dayjs().hour(12).minute(0).second(0).unix();
const line = (values: Partial<Parameters<typeof continuesGroup>[1]> = {}) =>
  ({ type: "message", sender_id: 7, user_class: "user", timestamp: noon, ...values }) as const;

describe("consecutive lines of one sender share a header", () => {
  it("joins the same sender within the window", () => {
    expect(continuesGroup(line(), line({ timestamp: noon + 60 }))).toBe(true);
    expect(continuesGroup(line(), line({ timestamp: noon + GROUP_WINDOW_SECONDS }))).toBe(true);
  });
  it("starts a new group for another sender, a pause, a system line or the first line", () => {
    expect(continuesGroup(undefined, line())).toBe(false);
    expect(continuesGroup(line(), line({ sender_id: 8 }))).toBe(false);
    expect(continuesGroup(line(), line({ user_class: "dev" }))).toBe(false);
    expect(continuesGroup(line(), line({ timestamp: noon + GROUP_WINDOW_SECONDS + 1 }))).toBe(false);
    expect(continuesGroup(line({ type: "assignment" }), line({ timestamp: noon + 10 }))).toBe(false);
    expect(continuesGroup(line(), line({ type: "completion", timestamp: noon + 10 }))).toBe(false);
  });
  it("never joins across midnight", () => {
    const midnight = dayjs().startOf("day").unix();
    expect(continuesGroup(line({ timestamp: midnight - 60 }), line({ timestamp: midnight + 60 }))).toBe(false);
  });
});

describe("today's times are relative, older ones absolute", () => {
  it("says minutes ago in the reader's language for today", () => {
    expect(chatTimeLabel(noon - 120, noon, "en")).toBe("2 minutes ago");
    expect(chatTimeLabel(noon - 120, noon, "de")).toBe("vor 2 Minuten");
    expect(chatTimeLabel(noon - 3, noon, "en")).toBe("now");
    // Written after the clock last ticked.
    expect(chatTimeLabel(noon + 20, noon, "en")).toBe("now");
  });
  it("shows hh:mm dd.mm.yyyy for an earlier day", () => {
    const yesterday = noon - 86_400;
    expect(chatTimeLabel(yesterday, noon, "en")).toBe(formatDateTime(yesterday));
    expect(chatTimeLabel(yesterday, noon, "en")).toMatch(/^\d\d:\d\d \d\d\.\d\d\.\d{4}$/);
  });
});
