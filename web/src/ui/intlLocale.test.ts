import { describe, expect, it } from "vitest";
import { monthNames } from "../features/dashboard/series.ts";
import { formatRelative } from "../features/ticketList/relativeTime.ts";
import { formatUploadSize } from "../features/tickets/attachments.ts";
import { formatCount, intlLocale } from "./intlLocale.ts";

describe("numbers and dates in the interface language", () => {
  it("formats counts in the interface language's grouping, not the browser's", () => {
    expect(formatCount(12345, "en")).toBe("12,345");
    expect(formatCount(12345, "de")).toBe("12.345");
    expect(formatCount(12345, "fr")).toMatch(/^12\s345$/);
  });

  it("keeps Latin digits in Arabic wherever a number or date is formatted", () => {
    expect(intlLocale("ar")).toBe("ar-u-nu-latn");
    expect(intlLocale("pt-BR")).toBe("pt-BR");
    const arabic = [
      formatCount(12345, "ar"),
      formatUploadSize(52_428_800, "ar"),
      formatRelative(0, 3 * 3600, "ar"),
      ...monthNames("ar"),
    ].join(" ");
    expect(arabic).not.toMatch(/[٠-٩]/);
    expect(formatCount(12345, "ar")).toMatch(/12.345/);
    expect(formatUploadSize(52_428_800, "ar")).toMatch(/50/);
  });
});
