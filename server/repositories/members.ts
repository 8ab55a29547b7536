/** SQL for players: members (class user, type normal), temporary users (type temp), characters. */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { UserRow } from "./users.ts";

export interface CharacterView {
  character_name: string;
  character_level: number;
  server_id: number;
  server_title: string;
}

/** Characters of several players with their server titles, in a stable order. */
export function listCharactersOfUsers(
  db: Kysely<Database>,
  userIds: readonly number[],
): Promise<(CharacterView & { user_id: number })[]> {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("characters")
    .innerJoin("servers", "servers.id", "characters.server_id")
    .select([
      "characters.user_id",
      "characters.character_name",
      "characters.character_level",
      "characters.server_id",
      "servers.title as server_title",
    ])
    .where("characters.user_id", "in", [...new Set(userIds)])
    .orderBy("characters.id")
    .execute();
}

/** A player's characters with their server titles, in a stable order. */
export async function listCharacters(db: Kysely<Database>, userId: number): Promise<CharacterView[]> {
  return (await listCharactersOfUsers(db, [userId])).map(({ user_id: _user, ...character }) => character);
}

/** True when the player has a character of exactly this name on this server. */
export async function hasCharacterOn(
  db: Kysely<Database>,
  userId: number,
  serverId: number,
  name: string,
): Promise<boolean> {
  const row = await db
    .selectFrom("characters")
    .select("id")
    .where("user_id", "=", userId)
    .where("server_id", "=", serverId)
    .where("character_name", "=", name)
    .executeTakeFirst();
  return row !== undefined;
}

export async function countCharacters(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("characters")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A new temporary identity: it owns exactly one ticket, written in the same transaction. */
export function insertTempUser(db: Kysely<Database>, email: string, name: string, now: number): Promise<UserRow> {
  return db
    .insertInto("users")
    .values({
      class: "user",
      type: "temp",
      rank: "user",
      name,
      email: email.toLowerCase(),
      password_hash: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The normal (non-temporary) user of an e-mail, deleted or not: member or staff. */
export function findNormalUserByEmail(db: Kysely<Database>, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom("users")
    .selectAll()
    .where("email", "=", email.toLowerCase())
    .where("type", "=", "normal")
    .executeTakeFirst();
}

export interface MemberFields {
  email: string;
  name: string;
  language?: string | undefined;
  passwordHash?: string | undefined;
}

export function insertMember(db: Kysely<Database>, fields: MemberFields, now: number): Promise<UserRow> {
  return db
    .insertInto("users")
    .values({
      class: "user",
      type: "normal",
      rank: "user",
      name: fields.name,
      email: fields.email.toLowerCase(),
      password_hash: fields.passwordHash ?? null,
      ...(fields.language ? { language: fields.language } : {}),
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateMember(db: Kysely<Database>, id: number, fields: MemberFields, now: number): Promise<UserRow> {
  return db
    .updateTable("users")
    .set({
      name: fields.name,
      updated_at: now,
      ...(fields.language ? { language: fields.language } : {}),
      ...(fields.passwordHash ? { password_hash: fields.passwordHash } : {}),
    })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function replaceCharacters(
  db: Kysely<Database>,
  userId: number,
  characters: { name: string; level: number; serverId: number }[],
): Promise<void> {
  await db.deleteFrom("characters").where("user_id", "=", userId).execute();
  if (characters.length === 0) return;
  await db
    .insertInto("characters")
    .values(
      characters.map((c) => ({
        user_id: userId,
        character_name: c.name,
        character_level: c.level,
        server_id: c.serverId,
      })),
    )
    .execute();
}

/** Live servers by title (case-insensitive), for the game's character lists. */
export async function serverIdsByTitle(db: Kysely<Database>): Promise<Map<string, number>> {
  const rows = await db.selectFrom("servers").select(["id", "title"]).where("deleted", "=", 0).execute();
  return new Map(rows.map((r) => [r.title.trim().toLowerCase(), r.id]));
}

/** Remembers the member's ticket-history page size (spec/1-product-frame.md §2), creating the preferences row if needed. */
export async function saveHistoryPageSize(db: Kysely<Database>, userId: number, size: number, now: number) {
  await db
    .insertInto("user_preferences")
    .values({ user_id: userId, ticket_history_page_size: size, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ ticket_history_page_size: size, updated_at: now }))
    .execute();
}

export async function historyPageSize(db: Kysely<Database>, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom("user_preferences")
    .select("ticket_history_page_size")
    .where("user_id", "=", userId)
    .executeTakeFirst();
  return row?.ticket_history_page_size;
}
