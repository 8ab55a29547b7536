/** SQL for the player-facing content: FAQs and announcements with their read records. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export function listFaqs(db: Kysely<Database>) {
  return db.selectFrom("faqs").selectAll().orderBy("value").orderBy("id").execute();
}

/**
 * Active announcements whose window holds `now` (a null end is indefinite), each with whether
 * `userId` has read it; anonymous callers (null) have read nothing.
 */
export async function listActiveAnnouncements(db: Kysely<Database>, userId: number | null, now: number) {
  const rows = await db
    .selectFrom("announcements")
    .selectAll()
    .where("active", "=", 1)
    .where("start_date", "<=", now)
    .where((eb) => eb.or([eb("end_date", "is", null), eb("end_date", ">", now)]))
    .orderBy("value")
    .orderBy("id")
    .execute();
  if (userId === null || rows.length === 0) return rows.map((row) => ({ ...row, read: false }));
  const reads = await db
    .selectFrom("announcement_reads")
    .select("announcement_id")
    .where("user_id", "=", userId)
    .where(
      "announcement_id",
      "in",
      rows.map((r) => r.id),
    )
    .execute();
  const read = new Set(reads.map((r) => r.announcement_id));
  return rows.map((row) => ({ ...row, read: read.has(row.id) }));
}

/**
 * Records that a user read an announcement (socket `announcement_read`). Idempotent: reading it
 * again changes nothing. Answers false when the announcement does not exist.
 */
export async function markAnnouncementRead(
  db: Kysely<Database>,
  userId: number,
  announcementId: number,
): Promise<boolean> {
  const exists = await db.selectFrom("announcements").select("id").where("id", "=", announcementId).executeTakeFirst();
  if (!exists) return false;
  await db
    .insertInto("announcement_reads")
    .values({ announcement_id: announcementId, user_id: userId })
    .onConflict((oc) => oc.columns(["announcement_id", "user_id"]).doNothing())
    .execute();
  return true;
}

/** How many announcements active now the user has not read (socket `announcement_unread_count`). */
export async function countUnreadAnnouncements(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const rows = await listActiveAnnouncements(db, userId, now);
  return rows.filter((row) => !row.read).length;
}
