/**
 * Wall-clock time in a named time zone (BUSINESS_TIMEZONE) without a library: Intl gives the
 * zone's parts of an instant, and an instant is found for given parts by correcting a UTC guess
 * with the zone's offset (twice, so that a guess across a DST change lands right). The server's
 * statistics and changelog, and the disable and hold rules that server and web share, all read the
 * zone's clock here.
 */

export interface WallTime {
  year: number;
  /** 1–12. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, format);
  }
  return format;
}

/** Whether the runtime knows this IANA zone name. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The zone's wall clock at an instant (epoch seconds); weekday 0 is Sunday. */
export function wallTime(epochSeconds: number, timeZone: string): WallTime & { second: number; weekday: number } {
  const parts: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(epochSeconds * 1000))) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return {
    year: parts.year ?? 1970,
    month: parts.month ?? 1,
    day: parts.day ?? 1,
    hour: parts.hour ?? 0,
    minute: parts.minute ?? 0,
    second: parts.second ?? 0,
    weekday: new Date(Date.UTC(parts.year ?? 1970, (parts.month ?? 1) - 1, parts.day ?? 1)).getUTCDay(),
  };
}

/** Seconds the zone is ahead of UTC at an instant. */
function offsetAt(epochSeconds: number, timeZone: string): number {
  const w = wallTime(epochSeconds, timeZone);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) / 1000 - epochSeconds;
}

/**
 * The instant (epoch seconds) at which the zone's clock shows this wall time. Out-of-range parts
 * roll over as in Date.UTC (day 0 = the last day of the month before), so callers step back by
 * days or months with plain arithmetic. A time that the clock skips (DST) maps to the instant after.
 */
export function zonedInstant(timeZone: string, t: WallTime): number {
  const guess = Date.UTC(t.year, t.month - 1, t.day, t.hour, t.minute) / 1000;
  const first = guess - offsetAt(guess, timeZone);
  const second = guess - offsetAt(first, timeZone);
  return second === first ? first : Math.max(first, second);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** 'YYYY-MM-DD' of a wall time. */
export function isoDate(t: WallTime): string {
  return `${t.year}-${pad(t.month)}-${pad(t.day)}`;
}

/** 'HH:MM' of a wall time. */
export function clockTime(t: WallTime): string {
  return `${pad(t.hour)}:${pad(t.minute)}`;
}

export { pad as twoDigits };
