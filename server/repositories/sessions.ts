/** Server-side sessions. The cookie holds a random token; the table keeps its sha256 as the id. */
import type { Kysely, Selectable } from "kysely";
import type { Database, SessionsTable } from "../db/schema.ts";

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Kysely<Database>, row: SessionRow): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

export function findLiveSession(db: Kysely<Database>, id: string, now: number): Promise<SessionRow | undefined> {
  return db.selectFrom("sessions").selectAll().where("id", "=", id).where("expires_at", ">", now).executeTakeFirst();
}

export async function touchSession(db: Kysely<Database>, id: string, now: number): Promise<void> {
  await db.updateTable("sessions").set({ last_seen_at: now }).where("id", "=", id).execute();
}

export async function deleteSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

/** Ends every session of a user and returns their ids, so that their sockets can be closed too. */
export async function deleteUserSessions(db: Kysely<Database>, userId: number): Promise<string[]> {
  const rows = await db.deleteFrom("sessions").where("user_id", "=", userId).returning("id").execute();
  return rows.map((r) => r.id);
}

export async function deleteExpiredSessions(db: Kysely<Database>, now: number): Promise<string[]> {
  const rows = await db.deleteFrom("sessions").where("expires_at", "<=", now).returning("id").execute();
  return rows.map((r) => r.id);
}
