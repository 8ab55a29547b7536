/**
 * Relative time as spec/2-staff-ticket-work.md §9 counts it: 'now' under 10 seconds, then seconds, minutes, hours,
 * days (under 30), months (under 12), years. The words come from the browser's Intl in the
 * reader's language, so every language reads naturally without a translation table.
 */
import { intlLocale } from "../../ui/intlLocale.ts";

type Unit = Intl.RelativeTimeFormatUnit;

export function relativeParts(epochSeconds: number, nowSeconds: number): { value: number; unit: Unit } | "now" {
  const diff = Math.round(nowSeconds - epochSeconds);
  const past = diff >= 0;
  const abs = Math.abs(diff);
  if (abs < 10) return "now";
  const sign = past ? -1 : 1;
  const steps: [number, number, Unit][] = [
    [60, 1, "second"],
    [3600, 60, "minute"],
    [86_400, 3600, "hour"],
    [30 * 86_400, 86_400, "day"],
    [365 * 86_400, 30 * 86_400, "month"],
  ];
  for (const [below, size, unit] of steps) if (abs < below) return { value: sign * Math.floor(abs / size), unit };
  return { value: sign * Math.floor(abs / (365 * 86_400)), unit: "year" };
}

export function formatRelative(epochSeconds: number, nowSeconds: number, language: string): string {
  const format = new Intl.RelativeTimeFormat(intlLocale(language), { numeric: "auto" });
  const parts = relativeParts(epochSeconds, nowSeconds);
  if (parts === "now") return format.format(0, "second");
  return format.format(parts.value, parts.unit);
}
