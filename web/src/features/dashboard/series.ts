/**
 * How a series from the server becomes a chart's axis (spec/3-staff-administration.md §2.1): hour and month series are
 * rotated so the oldest bucket comes first (the server names the newest), the others are sorted
 * in natural numeric order; Last Year shows month names for '01'…'12'; Last Week shows every
 * fourth label, as the date part before the space. Object key order from JSON is never trusted:
 * '10'–'12' would come before '01'.
 */
import type { StatsRange } from "../../../../common/schemas/stats.ts";
import { intlLocale } from "../../ui/intlLocale.ts";

const natural = new Intl.Collator("en", { numeric: true }).compare;

/** The series' keys in the order the x axis shows them. */
export function orderedKeys(range: StatsRange, series: Record<string, unknown>, newest: string): string[] {
  const keys = Object.keys(series).sort(natural);
  if (range !== "hours_to_count" && range !== "months_to_count") return keys;
  const at = keys.indexOf(newest);
  return at < 0 ? keys : [...keys.slice(at + 1), ...keys.slice(0, at + 1)];
}

/** Month names of a language, January first, from the browser's Intl data. */
export function monthNames(language: string): string[] {
  const format = new Intl.DateTimeFormat(intlLocale(language), { month: "long", timeZone: "UTC" });
  return Array.from({ length: 12 }, (_, month) => format.format(new Date(Date.UTC(2024, month, 15))));
}

/** The label of a bucket on the x axis; null hides it (Last Week shows every fourth). */
export function axisLabel(range: StatsRange, key: string, index: number, months: readonly string[]): string | null {
  if (range === "months_to_count") return months[Number(key) - 1] ?? key;
  if (range === "intervals_to_count") return index % 4 === 0 ? (key.split(" ")[0] ?? key) : null;
  return key;
}

/** The x axis title key of each range (dashboard namespace). */
export const AXIS_TITLE: Record<StatsRange, "charts.hours" | "charts.days" | "charts.months"> = {
  hours_to_count: "charts.hours",
  intervals_to_count: "charts.hours",
  weeks_to_count: "charts.days",
  months_to_count: "charts.months",
};

/** The range buttons, in the spec's order, with their label keys. */
export const RANGE_BUTTONS: { range: StatsRange; label: string }[] = [
  { range: "hours_to_count", label: "charts.last_24_hours" },
  { range: "intervals_to_count", label: "charts.last_week" },
  { range: "weeks_to_count", label: "charts.last_month" },
  { range: "months_to_count", label: "charts.last_year" },
];

/** The doughnut's fixed palette of 12 colours (spec/3-staff-administration.md §9), repeated past the twelfth slice. */
export const PALETTE = [
  "#4dc9f6",
  "#f67019",
  "#f53794",
  "#537bc4",
  "#acc236",
  "#166a8f",
  "#00a950",
  "#58595b",
  "#8549ba",
  "#e8c3b9",
  "#c45850",
  "#ffcd56",
] as const;

export function paletteColours(count: number, colourMap?: Record<string, string>, labels?: string[]): string[] {
  return Array.from(
    { length: count },
    (_, i) => colourMap?.[labels?.[i] ?? ""] ?? (PALETTE[i % PALETTE.length] as string),
  );
}
