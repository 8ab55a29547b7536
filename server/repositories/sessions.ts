/** Server-side sessions. The cookie holds a random token; the table keeps its sha256 as the id. */
import type { Kysely, Selectable } from "kysely";
import { TOUCH_EVERY_SECONDS } from "../auth/sessionPolicy.ts";
import type { Database, SessionsTable } from "../db/schema.ts";
import type { UserRow } from "./users.ts";

export type SessionRow = Selectable<SessionsTable>;

export async function insertSession(db: Kysely<Database>, row: SessionRow): Promise<void> {
  await db.insertInto("sessions").values(row).execute();
}

/**
 * A live session and its user in one query (every request and socket handshake asks): the user
 * is undefined when the account is deleted, so that the caller ends the session.
 */
export async function findLiveSessionWithUser(
  db: Kysely<Database>,
  id: string,
  now: number,
): Promise<{ session: SessionRow; user: UserRow | undefined } | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .selectAll("users")
    .select([
      "sessions.id as session_id",
      "sessions.user_id as session_user_id",
      "sessions.kind as session_kind",
      "sessions.ticket_id as session_ticket_id",
      "sessions.created_at as session_created_at",
      "sessions.last_seen_at as session_last_seen_at",
      "sessions.expires_at as session_expires_at",
      "sessions.ip as session_ip",
      "sessions.user_agent as session_user_agent",
    ])
    .where("sessions.id", "=", id)
    .where("sessions.expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    session_id,
    session_user_id,
    session_kind,
    session_ticket_id,
    session_created_at,
    session_last_seen_at,
    session_expires_at,
    session_ip,
    session_user_agent,
    ...user
  } = row;
  const session: SessionRow = {
    id: session_id,
    user_id: session_user_id,
    kind: session_kind,
    ticket_id: session_ticket_id,
    created_at: session_created_at,
    last_seen_at: session_last_seen_at,
    expires_at: session_expires_at,
    ip: session_ip,
    user_agent: session_user_agent,
  };
  return { session, user: user.deleted ? undefined : user };
}

/**
 * Moves a session's last_seen_at to now, once it is TOUCH_EVERY_SECONDS old (another request,
 * socket or node may have moved it meanwhile), and never for a session already past its idle
 * limit: a touch does not revive a session that ended after it was checked.
 */
export async function touchSession(db: Kysely<Database>, id: string, now: number, idleSeconds: number): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ last_seen_at: now })
    .where("id", "=", id)
    .where("last_seen_at", "<=", now - TOUCH_EVERY_SECONDS)
    .where("last_seen_at", ">", now - idleSeconds)
    .execute();
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
