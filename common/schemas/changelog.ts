/**
 * The changelog (spec/3-staff-administration.md §3, §5, §7): entries of a timeline, newest first. The date is typed as the
 * spec writes it, `HH:MM DD.MM:YYYY` (a dot before the year is taken too), or left empty for now.
 */
import { z } from "zod";

export const CHANGELOG_LIMITS = { title: 200, message: 5000 } as const;

/** A wall-clock time as typed; the server reads it in BUSINESS_TIMEZONE. */
export interface ChangelogWallTime {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const DATE_PATTERN = /^(\d{2}):(\d{2}) (\d{2})\.(\d{2})[:.](\d{4})$/;

/** The typed date as a wall-clock time, or null when it is not `HH:MM DD.MM:YYYY` or not a real date. */
export function parseChangelogDate(text: string): ChangelogWallTime | null {
  const match = DATE_PATTERN.exec(text.trim());
  if (!match) return null;
  const [hour, minute, day, month, year] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (hour > 23 || minute > 59 || month < 1 || month > 12 || year < 1970 || year > 9999) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day < 1 || day > daysInMonth) return null;
  return { year, month, day, hour, minute };
}

export const CHANGELOG_DATE_MESSAGE = "The date must be HH:MM DD.MM:YYYY, or empty for now.";

export const addChangelogBody = z.object({
  date: z
    .string()
    .trim()
    .max(40, CHANGELOG_DATE_MESSAGE)
    .default("")
    .refine((text) => text === "" || parseChangelogDate(text) !== null, CHANGELOG_DATE_MESSAGE),
  title: z.string().trim().min(1, "Please enter a title.").max(CHANGELOG_LIMITS.title, "Input is too long."),
  message: z.string().trim().min(1, "Please enter a message.").max(CHANGELOG_LIMITS.message, "Input is too long."),
});
export type AddChangelogBody = z.infer<typeof addChangelogBody>;

export const changelog = z.object({
  id: z.number().int(),
  /** Epoch seconds. */
  date: z.number().int(),
  title: z.string(),
  message: z.string(),
});
export type Changelog = z.infer<typeof changelog>;

export const changelogsResponse = z.object({
  changelogs: z.array(changelog),
  /** Whether the caller may add an entry (add-new-changelog's access, decided by the server). */
  may_add: z.boolean(),
});
export type ChangelogsResponse = z.infer<typeof changelogsResponse>;
