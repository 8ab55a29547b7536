/** Accounts for auth tests: a staff member or a player with a known password. */
import type { Permission, StaffRank } from "../../common/permissions.ts";
import { RANK_DEFAULT_PERMISSIONS } from "../../common/permissions.ts";
import { hashPassword } from "../auth/passwords.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { DataStore } from "../db/database.ts";
import type { UserRow } from "../repositories/users.ts";

export const TEST_PASSWORD = "Correct-Horse-9!";

let counter = 0;

export async function createAccount(
  store: DataStore,
  options: {
    rank?: StaffRank | "user";
    email?: string;
    password?: string;
    disabled?: boolean;
    permissions?: readonly Permission[];
  } = {},
): Promise<UserRow & { password: string }> {
  counter += 1;
  const rank = options.rank ?? "user";
  const password = options.password ?? TEST_PASSWORD;
  const now = nowSeconds();
  const user = await store.db
    .insertInto("users")
    .values({
      class: rank === "user" ? "user" : "dev",
      type: "normal",
      rank,
      name: `${rank}${counter}`,
      email: options.email ?? `${rank}${counter}-${now}@test.example`,
      password_hash: await hashPassword(password),
      disabled: options.disabled ? 1 : 0,
      disabled_until: options.disabled ? -1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  if (rank !== "user") {
    const permissions = options.permissions ?? RANK_DEFAULT_PERMISSIONS[rank];
    if (permissions.length) {
      await store.db
        .insertInto("user_permissions")
        .values(permissions.map((permission) => ({ user_id: user.id, permission })))
        .execute();
    }
  }
  return { ...user, password };
}
