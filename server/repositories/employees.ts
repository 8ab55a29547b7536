/**
 * SQL of staff administration (spec/3-staff-administration.md §2.2, §7): the staff list with responsibilities, active
 * ticket counts, and the writes of the staff list's dialogs. Each write that another may race
 * (disable, rank, delete) names the state it expects in its WHERE.
 */
import { type Kysely, sql } from "kysely";
import { ACTIVE_STATUSES } from "../../common/constants.ts";
import type { Permission, StaffRank } from "../../common/permissions.ts";
import type { Database } from "../db/schema.ts";
import type { UserRow } from "./users.ts";

export interface EmployeeRecord {
  user: UserRow;
  categories: number[];
  servers: number[];
}

/** Responsibilities of these users, by user id. */
async function responsibilities(db: Kysely<Database>, ids: number[]) {
  const categories = new Map<number, number[]>();
  const servers = new Map<number, number[]>();
  if (!ids.length) return { categories, servers };
  const [c, s] = await Promise.all([
    db.selectFrom("user_categories").select(["user_id", "category_id"]).where("user_id", "in", ids).execute(),
    db.selectFrom("user_servers").select(["user_id", "server_id"]).where("user_id", "in", ids).execute(),
  ]);
  for (const row of c) categories.set(row.user_id, [...(categories.get(row.user_id) ?? []), row.category_id]);
  for (const row of s) servers.set(row.user_id, [...(servers.get(row.user_id) ?? []), row.server_id]);
  return { categories, servers };
}

/** Every employee that is not deleted, disabled ones included, oldest change first. */
export async function listEmployees(db: Kysely<Database>): Promise<EmployeeRecord[]> {
  const users = await db
    .selectFrom("users")
    .selectAll()
    .where("class", "=", "dev")
    .where("deleted", "=", 0)
    .orderBy("updated_at")
    .orderBy("id")
    .execute();
  const { categories, servers } = await responsibilities(
    db,
    users.map((u) => u.id),
  );
  return users.map((user) => ({
    user,
    categories: categories.get(user.id) ?? [],
    servers: servers.get(user.id) ?? [],
  }));
}

/** A live (not deleted) user of any class with their responsibilities, or undefined. */
export async function findEmployeeRecord(db: Kysely<Database>, id: number): Promise<EmployeeRecord | undefined> {
  const user = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", id)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (!user) return undefined;
  const { categories, servers } = await responsibilities(db, [id]);
  return { user, categories: categories.get(id) ?? [], servers: servers.get(id) ?? [] };
}

/** Active tickets (open statuses) assigned to each of these employees; 0 for those without. */
export async function activeTicketCounts(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>(ids.map((id) => [id, 0]));
  if (!ids.length) return counts;
  const rows = await db
    .selectFrom("tickets")
    .select(["assigned_to", (eb) => eb.fn.countAll<number | string>().as("n")])
    .where("assigned_to", "in", [...ids])
    .where("status", "in", ACTIVE_STATUSES)
    .groupBy("assigned_to")
    .execute();
  for (const row of rows) if (row.assigned_to !== null) counts.set(row.assigned_to, Number(row.n));
  return counts;
}

/** The active tickets assigned to one employee, oldest change first. */
export function activeTicketsOf(db: Kysely<Database>, userId: number) {
  return db
    .selectFrom("tickets")
    .selectAll()
    .where("assigned_to", "=", userId)
    .where("status", "in", ACTIVE_STATUSES)
    .orderBy("last_updated")
    .orderBy("id")
    .execute();
}

/** Whether an account (member or staff, deleted ones excepted) signs in with this e-mail. */
export async function isEmailRegistered(db: Kysely<Database>, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("email", "=", email.toLowerCase())
    .where("type", "=", "normal")
    .executeTakeFirst();
  return row !== undefined;
}

export async function replaceResponsibilities(
  db: Kysely<Database>,
  userId: number,
  categoryIds: readonly number[],
  serverIds: readonly number[],
  now: number,
): Promise<void> {
  await db.deleteFrom("user_categories").where("user_id", "=", userId).execute();
  await db.deleteFrom("user_servers").where("user_id", "=", userId).execute();
  if (categoryIds.length) {
    await db
      .insertInto("user_categories")
      .values(categoryIds.map((category_id) => ({ user_id: userId, category_id })))
      .execute();
  }
  if (serverIds.length) {
    await db
      .insertInto("user_servers")
      .values(serverIds.map((server_id) => ({ user_id: userId, server_id })))
      .execute();
  }
  await touchUser(db, userId, now);
}

/**
 * A new category or server goes into every admin's responsibilities (admins handle everything),
 * in one statement, so an admin added meanwhile is not missed between a read and the insert.
 */
export async function giveToEveryAdmin(db: Kysely<Database>, kind: "categories" | "servers", id: number) {
  const admins = db.selectFrom("users").where("class", "=", "dev").where("rank", "=", "admin").where("deleted", "=", 0);
  if (kind === "categories") {
    await db
      .insertInto("user_categories")
      .columns(["user_id", "category_id"])
      .expression(admins.select(["users.id", sql.lit(id).as("category_id")]))
      .execute();
    return;
  }
  await db
    .insertInto("user_servers")
    .columns(["user_id", "server_id"])
    .expression(admins.select(["users.id", sql.lit(id).as("server_id")]))
    .execute();
}

export async function touchUser(db: Kysely<Database>, userId: number, now: number): Promise<void> {
  await db.updateTable("users").set({ updated_at: now }).where("id", "=", userId).execute();
}

/** Disabled until `until` (-1: until enabled again) or enabled (until 0). */
export async function setDisabled(db: Kysely<Database>, userId: number, until: number, now: number): Promise<void> {
  await db
    .updateTable("users")
    .set({ disabled: until === 0 ? 0 : 1, disabled_until: until, updated_at: now })
    .where("id", "=", userId)
    .where("deleted", "=", 0)
    .execute();
}

/**
 * The employee's rank, guarded by the rank the caller saw; false when it changed meanwhile. The
 * stored permission list is then rewritten by replacePermissions in the same transaction.
 */
export async function setRank(
  db: Kysely<Database>,
  userId: number,
  from: StaffRank,
  to: StaffRank,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ rank: to, updated_at: now })
    .where("id", "=", userId)
    .where("rank", "=", from)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sets one user's stored permission strings to exactly this list. */
export async function replacePermissions(
  db: Kysely<Database>,
  userId: number,
  permissions: readonly Permission[],
): Promise<void> {
  await db.deleteFrom("user_permissions").where("user_id", "=", userId).execute();
  if (permissions.length) {
    await db
      .insertInto("user_permissions")
      .values(permissions.map((permission) => ({ user_id: userId, permission })))
      .execute();
  }
}

/** Admins other than this user that are live and not disabled: the last one must stay. */
export async function otherActiveAdmins(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("class", "=", "dev")
    .where("rank", "=", "admin")
    .where("deleted", "=", 0)
    .where("disabled", "=", 0)
    .where("id", "!=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * Soft delete: the row stays (chat messages, notes and ended tickets keep pointing at it and
 * showing its name), its e-mail is freed for a new account, and everything that gave it access or
 * work goes: permissions, responsibilities, unused set-up links, chat-list entries, pins and
 * notifications. False when it was deleted meanwhile.
 */
export async function softDeleteUser(db: Kysely<Database>, userId: number, now: number): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ deleted: 1, email: `deleted-${userId}@deleted.invalid`, password_hash: null, updated_at: now })
    .where("id", "=", userId)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await db.deleteFrom("user_permissions").where("user_id", "=", userId).execute();
  await db.deleteFrom("user_categories").where("user_id", "=", userId).execute();
  await db.deleteFrom("user_servers").where("user_id", "=", userId).execute();
  await revokePasswordTokens(db, userId);
  await db.deleteFrom("active_chats").where("user_id", "=", userId).execute();
  await db.deleteFrom("notifications").where("user_id", "=", userId).execute();
  return true;
}

/** Set-up links of this user stop working (a password was set for them, or they were deleted). */
export async function revokePasswordTokens(db: Kysely<Database>, userId: number): Promise<void> {
  await db.deleteFrom("password_tokens").where("user_id", "=", userId).execute();
}
