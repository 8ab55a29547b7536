/** Per-user permission sets (the effective list) and the per-rank defaults they start from. */
import type { Kysely } from "kysely";
import { isPermission, PERMISSIONS, type Permission } from "../../common/permissions.ts";
import type { Database } from "../db/schema.ts";
import type { UserRow } from "./users.ts";

export async function permissionsOf(
  db: Kysely<Database>,
  user: Pick<UserRow, "id" | "class" | "rank">,
): Promise<Permission[]> {
  if (user.class !== "dev") return [];
  // The admin rank holds every permission, whatever its stored list says.
  if (user.rank === "admin") return [...PERMISSIONS];
  const rows = await db.selectFrom("user_permissions").select("permission").where("user_id", "=", user.id).execute();
  return rows.map((r) => r.permission).filter(isPermission);
}
