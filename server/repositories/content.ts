/**
 * SQL for the content staff write and others read: FAQs, player announcements and employee
 * announcements, with their read records. The two announcement tables share every column but the
 * English ones, so most statements take the kind and run on its table.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "../db/schema.ts";

export type AnnouncementKind = "player" | "employee";

const TABLES = { player: "announcements", employee: "employee_announcements" } as const;
const READS = { player: "announcement_reads", employee: "employee_announcement_reads" } as const;

/** Which rows a list holds: every row (the setup pages) or the live ones at `now`. */
export type AnnouncementScope = { all: true } | { liveAt: number };

/** Active, started, and not ended at the scope's time (a null end is indefinite); same SQL on both engines. */
function liveAt(scope: AnnouncementScope) {
  const now = "liveAt" in scope ? scope.liveAt : 0;
  return sql<boolean>`active = 1 AND start_date <= ${now} AND (end_date IS NULL OR end_date > ${now})`;
}

export function listFaqs(db: Kysely<Database>) {
  return db.selectFrom("faqs").selectAll().orderBy("value").orderBy("id").execute();
}

export interface FaqValues {
  title: string;
  message: string;
  eng_title: string;
  eng_message: string;
  value: number;
}

export async function insertFaq(db: Kysely<Database>, values: FaqValues): Promise<void> {
  await db.insertInto("faqs").values(values).execute();
}

/** Answers false when the FAQ does not exist (any more). */
export async function updateFaq(db: Kysely<Database>, id: number, values: FaqValues): Promise<boolean> {
  const result = await db.updateTable("faqs").set(values).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function deleteFaq(db: Kysely<Database>, id: number): Promise<boolean> {
  const result = await db.deleteFrom("faqs").where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/**
 * Player announcements in the scope, ordered by value, each with whether `userId` has read it;
 * anonymous callers (null) have read nothing. Live means active with the window holding `now`
 * (a null end is indefinite).
 */
export async function listAnnouncements(db: Kysely<Database>, userId: number | null, scope: AnnouncementScope) {
  const rows = await db
    .selectFrom("announcements")
    .selectAll()
    .$if("liveAt" in scope, (q) => q.where(liveAt(scope)))
    .orderBy("value")
    .orderBy("id")
    .execute();
  if (userId === null || rows.length === 0) return rows.map((row) => ({ ...row, read: false }));
  const read = new Set(
    await readIds(
      db,
      "player",
      userId,
      rows.map((r) => r.id),
    ),
  );
  return rows.map((row) => ({ ...row, read: read.has(row.id) }));
}

/** The announcements players see now (spec/1-product-frame.md §2), with the caller's read flags. */
export function listActiveAnnouncements(db: Kysely<Database>, userId: number | null, now: number) {
  return listAnnouncements(db, userId, { liveAt: now });
}

/** Employee announcements in the scope, ordered by value (same rule as the player ones). */
export function listEmployeeAnnouncements(db: Kysely<Database>, scope: AnnouncementScope) {
  return db
    .selectFrom("employee_announcements")
    .selectAll()
    .$if("liveAt" in scope, (q) => q.where(liveAt(scope)))
    .orderBy("value")
    .orderBy("id")
    .execute();
}

export interface AnnouncementValues {
  title: string;
  message: string;
  value: number;
  start_date: number;
  /** Null: indefinite. */
  end_date: number | null;
}
export interface PlayerAnnouncementValues extends AnnouncementValues {
  eng_title: string;
  eng_message: string;
}

/** A new announcement starts active (the setup row's checkbox turns it off). */
export async function insertAnnouncement(
  db: Kysely<Database>,
  kind: AnnouncementKind,
  values: AnnouncementValues | PlayerAnnouncementValues,
  now: number,
): Promise<void> {
  const row = { ...values, active: 1, created_at: now };
  if (kind === "player") await db.insertInto("announcements").values(row).execute();
  else await db.insertInto("employee_announcements").values(row).execute();
}

/** Answers false when the row does not exist (any more): a racing delete wins, nothing is written. */
export async function updateAnnouncement(
  db: Kysely<Database>,
  kind: AnnouncementKind,
  id: number,
  values: AnnouncementValues | PlayerAnnouncementValues,
): Promise<boolean> {
  const result =
    kind === "player"
      ? await db.updateTable("announcements").set(values).where("id", "=", id).executeTakeFirst()
      : await db.updateTable("employee_announcements").set(values).where("id", "=", id).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setAnnouncementActive(
  db: Kysely<Database>,
  kind: AnnouncementKind,
  id: number,
  active: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable(TABLES[kind])
    .set({ active: active ? 1 : 0 })
    .where("id", "=", id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Its read records go with it (ON DELETE CASCADE). */
export async function deleteAnnouncement(db: Kysely<Database>, kind: AnnouncementKind, id: number): Promise<boolean> {
  const result = await db.deleteFrom(TABLES[kind]).where("id", "=", id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

async function readIds(db: Kysely<Database>, kind: AnnouncementKind, userId: number, ids?: number[]) {
  let query = db.selectFrom(READS[kind]).select("announcement_id").where("user_id", "=", userId);
  if (ids) query = query.where("announcement_id", "in", ids);
  return (await query.orderBy("announcement_id").execute()).map((r) => r.announcement_id);
}

/** The ids of the employee announcements the user has read. */
export function listEmployeeAnnouncementReads(db: Kysely<Database>, userId: number): Promise<number[]> {
  return readIds(db, "employee", userId);
}

async function announcementExists(db: Kysely<Database>, kind: AnnouncementKind, id: number): Promise<boolean> {
  return !!(await db.selectFrom(TABLES[kind]).select("id").where("id", "=", id).executeTakeFirst());
}

/**
 * Records that a user read an announcement (player: socket `announcement_read`; employee:
 * mark-employee-announcement-read). Idempotent: reading it again changes nothing. Answers false
 * when the announcement does not exist, also when a delete races the insert (whose foreign key
 * then fails): the caller learns "not found", never a database error.
 */
export async function markAnnouncementRead(
  db: Kysely<Database>,
  userId: number,
  announcementId: number,
  kind: AnnouncementKind = "player",
): Promise<boolean> {
  if (!(await announcementExists(db, kind, announcementId))) return false;
  try {
    await db
      .insertInto(READS[kind])
      .values({ announcement_id: announcementId, user_id: userId })
      .onConflict((oc) => oc.columns(["announcement_id", "user_id"]).doNothing())
      .execute();
  } catch (error) {
    if (!(await announcementExists(db, kind, announcementId))) return false;
    throw error;
  }
  return true;
}

/** How many announcements active now the user has not read (socket `announcement_unread_count`). */
export async function countUnreadAnnouncements(db: Kysely<Database>, userId: number, now: number): Promise<number> {
  const rows = await listActiveAnnouncements(db, userId, now);
  return rows.filter((row) => !row.read).length;
}
