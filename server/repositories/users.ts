/** SQL for users: staff (class dev) and players (class user, type normal or temp). */
import type { Kysely, Selectable } from "kysely";
import type { Database, UsersTable } from "../db/schema.ts";

export type UserRow = Selectable<UsersTable>;

export function findUserById(db: Kysely<Database>, id: number): Promise<UserRow | undefined> {
  return db.selectFrom("users").selectAll().where("id", "=", id).where("deleted", "=", 0).executeTakeFirst();
}

/** The account that signs in with this e-mail: never a temporary user. */
export function findAccountByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .where("type", "=", "normal")
    .where("deleted", "=", 0)
    .executeTakeFirst();
}

export async function setUserLanguage(db: Kysely<Database>, id: number, language: string, now: number): Promise<void> {
  await db.updateTable("users").set({ language, updated_at: now }).where("id", "=", id).execute();
}

/** A password someone chose (by a set-up link, or an admin's reset) replaces a generated one. */
export async function setUserPasswordHash(
  db: Kysely<Database>,
  id: number,
  passwordHash: string,
  now: number,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, password_generated: 0, updated_at: now })
    .where("id", "=", id)
    .execute();
}

/** Disabled staff cannot sign in while the disable lasts (-1: until enabled again). */
export function isDisabled(user: Pick<UserRow, "disabled" | "disabled_until">, now: number): boolean {
  if (!user.disabled) return false;
  return user.disabled_until === -1 || user.disabled_until === 0 || user.disabled_until > now;
}
