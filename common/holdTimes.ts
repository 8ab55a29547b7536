/**
 * The wake-up times the hold dialog offers (docs/decisions/tickets.md): in an hour, tomorrow at
 * 09:00 and next Monday at 09:00 in the business time zone (BUSINESS_TIMEZONE), as Front's and
 * Gmail's snooze offer them. The server takes any time within HOLD_MAX_SECONDS; these are only the
 * shortcuts.
 */

import { wallTime, zonedInstant } from "./zonedTime.ts";

export const HOLD_PRESETS = ["hour", "tomorrow", "next_week"] as const;
export type HoldPreset = (typeof HOLD_PRESETS)[number];

/** The hour of the day the presets wake at, in the business time zone. */
export const HOLD_WAKE_HOUR = 9;

/** The wake-up time of a preset, in epoch seconds, from `now` in `zone`. */
export function holdPresetTime(preset: HoldPreset, zone: string, now: number): number {
  if (preset === "hour") return now + 3600;
  const today = wallTime(now, zone);
  // Next week: the coming Monday (a week on when today is Monday).
  const days = preset === "tomorrow" ? 1 : (8 - today.weekday) % 7 || 7;
  return zonedInstant(zone, {
    year: today.year,
    month: today.month,
    day: today.day + days,
    hour: HOLD_WAKE_HOUR,
    minute: 0,
  });
}
