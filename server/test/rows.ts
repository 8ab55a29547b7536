/**
 * The rows a use-case test reads back after the call: the ticket, its chat lines and its
 * notifications, and a user as the repositories return them.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";

export const ticketRow = (db: Kysely<Database>, id: number) =>
  db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

/** The ticket's chat lines, oldest first. */
export const chatLinesOf = (db: Kysely<Database>, ticketId: number) =>
  db.selectFrom("chat_messages").selectAll().where("ticket_id", "=", ticketId).orderBy("id").execute();

/** The ticket's notifications, oldest first. */
export const notificationsOf = (db: Kysely<Database>, ticketId: number) =>
  db.selectFrom("notifications").selectAll().where("ticket_id", "=", ticketId).orderBy("id").execute();

export const userRow = (db: Kysely<Database>, id: number) =>
  db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow() as Promise<UserRow>;

/** A session of the user's own, as a use case takes it (never written: the call does not read it back). */
export const sessionOf = (user: UserRow): SessionRow => ({
  id: `session-${user.id}`,
  user_id: user.id,
  kind: "user",
  ticket_id: null,
  created_at: 0,
  last_seen_at: 0,
  expires_at: 4_000_000_000,
  ip: "",
  user_agent: "",
});
