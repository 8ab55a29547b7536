/**
 * When a staff disable ends (spec/3-staff-administration.md §4): 19:00 in the business time zone (UTC+3, Europe/Istanbul
 * by default) on a chosen date. The earliest date is today, or tomorrow once it is 19:00 or later
 * there; the latest is five years ahead. Server and dialog use these same rules.
 */
import { DISABLE_DATE_PATTERN, DISABLE_END_HOUR, DISABLE_MAX_YEARS } from "./schemas/staffUsers.ts";
import { wallTime, zonedInstant } from "./zonedTime.ts";

export interface CalendarDate {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
}

function addDays(date: CalendarDate, days: number): CalendarDate {
  const d = new Date(Date.UTC(date.year, date.month - 1, date.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

function dayNumber(date: CalendarDate): number {
  return date.year * 10_000 + date.month * 100 + date.day;
}

/** The first date a disable may end on: today in the zone, or tomorrow from 19:00 on. */
export function earliestDisableDate(zone: string, nowSeconds: number): CalendarDate {
  const clock = wallTime(nowSeconds, zone);
  const today = { year: clock.year, month: clock.month, day: clock.day };
  return clock.hour >= DISABLE_END_HOUR ? addDays(today, 1) : today;
}

/** The last date a disable may end on: five years from today in the zone. */
export function latestDisableDate(zone: string, nowSeconds: number): CalendarDate {
  const clock = wallTime(nowSeconds, zone);
  const d = new Date(Date.UTC(clock.year + DISABLE_MAX_YEARS, clock.month - 1, clock.day));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** Epoch seconds of 19:00 in the zone on that date. */
export function disableEndsAt(zone: string, date: CalendarDate): number {
  return zonedInstant(zone, { ...date, hour: DISABLE_END_HOUR, minute: 0 });
}

/** DD.MM.YYYY as a real calendar date, or null. */
export function parseDisableDate(text: string): CalendarDate | null {
  const match = DISABLE_DATE_PATTERN.exec(text);
  if (!match) return null;
  const date = { day: Number(match[1]), month: Number(match[2]), year: Number(match[3]) };
  const check = addDays(date, 0);
  return dayNumber(check) === dayNumber(date) ? date : null;
}

export function formatDisableDate(date: CalendarDate): string {
  const two = (n: number) => String(n).padStart(2, "0");
  return `${two(date.day)}.${two(date.month)}.${date.year}`;
}

/** Whether a chosen date lies between the earliest and latest allowed ones. */
export function isDisableDateAllowed(zone: string, date: CalendarDate, nowSeconds: number): boolean {
  const n = dayNumber(date);
  return n >= dayNumber(earliestDisableDate(zone, nowSeconds)) && n <= dayNumber(latestDisableDate(zone, nowSeconds));
}
