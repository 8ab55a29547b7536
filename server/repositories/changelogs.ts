/** The changelog's SQL (spec/3-staff-administration.md §3): a short table, read whole, newest entry first. */
import type { Kysely, Selectable } from "kysely";
import type { ChangelogsTable, Database } from "../db/schema.ts";

export type ChangelogRow = Selectable<ChangelogsTable>;

/** Newest first by the entry's date (its creation time where no date was stored). */
export function listChangelogs(db: Kysely<Database>): Promise<ChangelogRow[]> {
  return db
    .selectFrom("changelogs")
    .selectAll()
    .orderBy((eb) => eb.fn.coalesce("date", "created_at"), "desc")
    .orderBy("id", "desc")
    .execute();
}

export function insertChangelog(
  db: Kysely<Database>,
  values: { date: number; title: string; message: string; created_at: number },
): Promise<ChangelogRow> {
  return db.insertInto("changelogs").values(values).returningAll().executeTakeFirstOrThrow();
}
