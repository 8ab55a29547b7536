import dayjs from "dayjs";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "./formatDate.ts";

describe("formatDateTime", () => {
  it("writes hh:mm dd.mm.yyyy in local time, as dayjs's format did", () => {
    const samples = [0, 1_700_000_000, 1_704_067_199, 1_709_251_200, 1_735_689_599, 2_000_000_000, 946_684_800 + 3_600];
    for (const seconds of samples) {
      expect(formatDateTime(seconds)).toBe(dayjs(seconds * 1000).format("HH:mm DD.MM.YYYY"));
    }
  });

  it("pads every field to its width", () => {
    const date = new Date(2024, 0, 5, 7, 3, 0);
    expect(formatDateTime(date.getTime() / 1000)).toBe("07:03 05.01.2024");
  });
});
