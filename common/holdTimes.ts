/**
 * The wake-up times the hold dialog offers (docs/decisions/tickets.md): in an hour, tomorrow at
 * 09:00 and next Monday at 09:00 in the business time zone (BUSINESS_TIMEZONE), as Front's and
 * Gmail's snooze offer them. The server takes any time within HOLD_MAX_SECONDS; these are only the
 * shortcuts.
 */

export const HOLD_PRESETS = ["hour", "tomorrow", "next_week"] as const;
export type HoldPreset = (typeof HOLD_PRESETS)[number];

/** The hour of the day the presets wake at, in the business time zone. */
export const HOLD_WAKE_HOUR = 9;

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
      weekday: "short",
    });
    formats.set(zone, format);
  }
  return format;
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];

function wallClock(zone: string, epochSeconds: number) {
  const parts: Record<string, string> = {};
  for (const part of formatIn(zone).formatToParts(new Date(epochSeconds * 1000))) parts[part.type] = part.value;
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS.indexOf(parts.weekday ?? "Sun"),
  };
}

/**
 * The instant the zone's clock shows `hour`:00 on the given day (days past a month's end roll
 * over), found from a UTC guess corrected by the zone's offset twice (DST edges).
 */
export function zonedHour(zone: string, year: number, month: number, day: number, hour: number): number {
  const wanted = Date.UTC(year, month - 1, day, hour) / 1000;
  let guess = wanted;
  for (let i = 0; i < 2; i++) {
    const c = wallClock(zone, guess);
    guess += wanted - Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second) / 1000;
  }
  return guess;
}

/** The wake-up time of a preset, in epoch seconds, from `now` in `zone`. */
export function holdPresetTime(preset: HoldPreset, zone: string, now: number): number {
  if (preset === "hour") return now + 3600;
  const today = wallClock(zone, now);
  // Next week: the coming Monday (a week on when today is Monday).
  const days = preset === "tomorrow" ? 1 : (8 - today.weekday) % 7 || 7;
  return zonedHour(zone, today.year, today.month, today.day + days, HOLD_WAKE_HOUR);
}
