/**
 * Inserts one user with what belongs to it: staff get their permissions, responsibilities and a
 * preferences row; members get their characters. Shared by the seeds and the test factories.
 */
import type { Kysely, Selectable } from "kysely";
import type { Rank, UserClass, UserType } from "../../common/permissions.ts";
import type { CharacterRow, Database, UsersTable } from "../db/schema.ts";

export interface NewUser {
  class: UserClass;
  type?: UserType;
  rank: Rank;
  name: string;
  email: string;
  passwordHash: string | null;
  /** The password was generated at the first start: the dashboard asks for a new one. */
  passwordGenerated?: boolean;
  language?: string;
  banned?: boolean;
  /** 0 = not banned, -1 = indefinite, else epoch seconds. */
  bannedUntil?: number;
  disabledUntil?: number;
  permissions?: readonly string[];
  categoryIds?: readonly number[];
  serverIds?: readonly number[];
  characters?: readonly { name: string; level: number; serverId: number }[];
}

export interface InsertedUser extends Selectable<UsersTable> {
  characters: CharacterRow[];
}

export async function insertUser(db: Kysely<Database>, input: NewUser, now: number): Promise<InsertedUser> {
  const user = await db
    .insertInto("users")
    .values({
      class: input.class,
      type: input.type ?? "normal",
      rank: input.rank,
      name: input.name,
      email: input.email.toLowerCase(),
      password_hash: input.passwordHash,
      // Named only when set (the column's default is 0), so that tests of older schemas can still insert.
      ...(input.passwordGenerated ? { password_generated: 1 } : {}),
      language: input.language ?? "en",
      banned: input.banned ? 1 : 0,
      banned_until: input.bannedUntil ?? 0,
      disabled: input.disabledUntil ? 1 : 0,
      disabled_until: input.disabledUntil ?? 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

  if (input.class === "dev") {
    await db.insertInto("user_preferences").values({ user_id: user.id, updated_at: now }).execute();
  }
  const permissions = input.permissions ?? [];
  if (permissions.length > 0) {
    await db
      .insertInto("user_permissions")
      .values(permissions.map((permission) => ({ user_id: user.id, permission })))
      .execute();
  }
  const categoryIds = input.categoryIds ?? [];
  if (categoryIds.length > 0) {
    await db
      .insertInto("user_categories")
      .values(categoryIds.map((category_id) => ({ user_id: user.id, category_id })))
      .execute();
  }
  const serverIds = input.serverIds ?? [];
  if (serverIds.length > 0) {
    await db
      .insertInto("user_servers")
      .values(serverIds.map((server_id) => ({ user_id: user.id, server_id })))
      .execute();
  }
  const characters =
    input.characters && input.characters.length > 0
      ? await db
          .insertInto("characters")
          .values(
            input.characters.map((c) => ({
              user_id: user.id,
              character_name: c.name,
              character_level: c.level,
              server_id: c.serverId,
            })),
          )
          .returningAll()
          .execute()
      : [];
  return { ...user, characters };
}
