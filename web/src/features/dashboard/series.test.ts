/** The axis rules of spec/3-staff-administration.md §2.1: rotation, natural order, month names, every fourth Last Week label. */
import { describe, expect, it } from "vitest";
import { axisLabel, monthNames, orderedKeys, paletteColours } from "./series.ts";

const zeros = (keys: string[]) => Object.fromEntries(keys.map((k) => [k, 0]));
const hours = Array.from({ length: 24 }, (_, h) => `${String(h).padStart(2, "0")}:00`);
const months = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12"];

describe("chart axes", () => {
  it("rotates the hour series so that the hour after the newest comes first", () => {
    const keys = orderedKeys("hours_to_count", zeros([...hours].reverse()), "13:00");
    expect(keys[0]).toBe("14:00");
    expect(keys.at(-1)).toBe("13:00");
    expect(keys).toHaveLength(24);
  });

  it("rotates the month series even though JSON puts '10'–'12' first", () => {
    const fromJson = JSON.parse(
      JSON.stringify(zeros(["04", "05", "06", "07", "08", "09", "10", "11", "12", "01", "02", "03"])),
    );
    expect(Object.keys(fromJson)[0]).toBe("10");
    expect(orderedKeys("months_to_count", fromJson, "03")).toEqual([
      "04",
      "05",
      "06",
      "07",
      "08",
      "09",
      "10",
      "11",
      "12",
      "01",
      "02",
      "03",
    ]);
  });

  it("sorts the other series in natural numeric order", () => {
    const keys = ["2026-03-15 12:00", "2026-03-09 06:00", "2026-03-10 18:00", "2026-03-10 00:00"];
    expect(orderedKeys("intervals_to_count", zeros(keys), "2026-03-15 12:00")).toEqual([
      "2026-03-09 06:00",
      "2026-03-10 00:00",
      "2026-03-10 18:00",
      "2026-03-15 12:00",
    ]);
    expect(orderedKeys("weeks_to_count", zeros(["2026-03-02", "2026-02-28", "2026-03-01"]), "2026-03-02")).toEqual([
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
  });

  it("names months in the reader's language for keys 01 to 12", () => {
    expect(months.map((m, i) => axisLabel("months_to_count", m, i, monthNames("en")))).toEqual([
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ]);
    expect(axisLabel("months_to_count", "03", 0, monthNames("de"))).toBe("März");
    expect(axisLabel("months_to_count", "01", 0, monthNames("tr"))).toBe("Ocak");
  });

  it("shows every fourth Last Week label, as the date part before the space", () => {
    const keys = Array.from(
      { length: 8 },
      (_, i) => `2026-03-0${1 + Math.floor(i / 4)} ${String((i % 4) * 6).padStart(2, "0")}:00`,
    );
    expect(keys.map((k, i) => axisLabel("intervals_to_count", k, i, []))).toEqual([
      "2026-03-01",
      null,
      null,
      null,
      "2026-03-02",
      null,
      null,
      null,
    ]);
    expect(axisLabel("hours_to_count", "07:00", 3, [])).toBe("07:00");
  });

  it("colours slices from the 12-colour palette unless a colour map names one", () => {
    const colours = paletteColours(13);
    expect(new Set(colours.slice(0, 12)).size).toBe(12);
    expect(colours[12]).toBe(colours[0]);
    expect(paletteColours(2, { Bugs: "#000000" }, ["Payments", "Bugs"])[1]).toBe("#000000");
  });
});
