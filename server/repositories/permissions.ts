/** Per-user permission sets (the effective list) and the per-rank defaults they start from. */
import type { Kysely } from "kysely";
import { holdsEveryPermission, isPermission, PERMISSIONS, type Permission } from "../../common/permissions.ts";
import type { Database } from "../db/schema.ts";
import type { UserRow } from "./users.ts";

export async function permissionsOf(
  db: Kysely<Database>,
  user: Pick<UserRow, "id" | "class" | "rank">,
): Promise<Permission[]> {
  return (await permissionsOfMany(db, [user])).get(user.id) ?? [];
}

/** permissionsOf for many users in one statement (the staff list's rows). */
export async function permissionsOfMany(
  db: Kysely<Database>,
  users: readonly Pick<UserRow, "id" | "class" | "rank">[],
): Promise<Map<number, Permission[]>> {
  const result = new Map<number, Permission[]>();
  const stored: number[] = [];
  for (const user of users) {
    if (user.class !== "dev") result.set(user.id, []);
    else if (holdsEveryPermission(user.rank)) result.set(user.id, [...PERMISSIONS]);
    else {
      result.set(user.id, []);
      stored.push(user.id);
    }
  }
  if (!stored.length) return result;
  const rows = await db
    .selectFrom("user_permissions")
    .select(["user_id", "permission"])
    .where("user_id", "in", stored)
    .execute();
  for (const row of rows) if (isPermission(row.permission)) result.get(row.user_id)?.push(row.permission);
  return result;
}
