/** A changelog entry as staff see it (spec/3-staff-administration.md §3): the date is epoch seconds. */
import type { Changelog } from "../../common/schemas/changelog.ts";
import type { ChangelogRow } from "../repositories/changelogs.ts";

export function presentChangelog(row: ChangelogRow): Changelog {
  return { id: row.id, date: row.date ?? row.created_at, title: row.title, message: row.message };
}
