/**
 * SQL of bans (spec/2-staff-ticket-work.md §6): the players' ban flags, every affected ticket's flag, the ban log and
 * the ban messages. A member is one users row; a temporary user is every temporary identity of
 * one e-mail (docs/decisions/bans.md).
 */
import type { Kysely } from "kysely";
import type { BanLogRow, ChatMessageRow, Database, TicketRow } from "../db/schema.ts";
import type { UserRow } from "./users.ts";

/** The users rows a ban of this ticket's player touches: the member, or every identity of the e-mail. */
export async function banTargetIds(db: Kysely<Database>, player: Pick<UserRow, "id" | "type" | "email">) {
  if (player.type !== "temp") return [player.id];
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where("type", "=", "temp")
    .where("email", "=", player.email.toLowerCase())
    .execute();
  return [...new Set([player.id, ...rows.map((r) => r.id)])];
}

/** What a ban check reads of a player row. */
export type PlayerBanRow = Pick<UserRow, "id" | "type" | "banned" | "banned_until" | "deleted">;

/**
 * Every row of one e-mail, the member account and each temporary identity, with its ban (a staff
 * account of the address comes along unbanned: staff are never banned).
 * E-mails are stored lower-cased (every write lower-cases them), so comparing with the lower-cased
 * address is case-insensitive and one equality on the (email, type) index on both engines; a
 * lower(email) expression would miss that index, and SQLite's lower() folds ASCII only. No other
 * condition: one on class would let the planners pick the players index and read every player.
 */
export function playerRowsOfEmail(db: Kysely<Database>, email: string): Promise<PlayerBanRow[]> {
  return playerRowsOfEmailQuery(db, email).execute();
}

/** The query of playerRowsOfEmail, for the test that reads its plan. */
export function playerRowsOfEmailQuery(db: Kysely<Database>, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "type", "banned", "banned_until", "deleted"])
    .where("email", "=", email.toLowerCase());
}

/** One player row's ban, read afresh (a socket's copy of its user is as old as the socket). */
export function playerRowById(db: Kysely<Database>, id: number): Promise<PlayerBanRow | undefined> {
  return db
    .selectFrom("users")
    .select(["id", "type", "banned", "banned_until", "deleted"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * Bans the ticket's own player row unless a ban already holds on it, in one guarded statement
 * (two staff members banning at once: one wins, the other is told the player is banned).
 */
export function banUserRow(
  db: Kysely<Database>,
  userId: number,
  until: number,
  now: number,
): Promise<UserRow | undefined> {
  return db
    .updateTable("users")
    .set({ banned: 1, banned_until: until })
    .where("id", "=", userId)
    .where((eb) => eb.or([eb("banned", "=", 0), eb.and([eb("banned_until", "<>", -1), eb("banned_until", "<=", now)])]))
    .returningAll()
    .executeTakeFirst();
}

/** The other identities of the same e-mail follow the ban (and its end). */
export async function setUsersBan(db: Kysely<Database>, ids: number[], banned: boolean, until: number): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable("users")
    .set({ banned: banned ? 1 : 0, banned_until: banned ? until : 0 })
    .where("id", "in", ids)
    .execute();
}

/** Lifts the ban of the ticket's own player row; undefined when it was not banned (guarded). */
export function unbanUserRow(db: Kysely<Database>, userId: number): Promise<UserRow | undefined> {
  return db
    .updateTable("users")
    .set({ banned: 0, banned_until: 0 })
    .where("id", "=", userId)
    .where("banned", "=", 1)
    .returningAll()
    .executeTakeFirst();
}

/** Sets the ban flag of every ticket of these players; answers the tickets whose flag changed. */
export async function setTicketsBanned(db: Kysely<Database>, userIds: number[], banned: boolean): Promise<TicketRow[]> {
  if (!userIds.length) return [];
  return db
    .updateTable("tickets")
    .set({ banned: banned ? 1 : 0 })
    .where("user_id", "in", userIds)
    .where("banned", "=", banned ? 0 : 1)
    .returningAll()
    .execute();
}

/** What the ban policy and the profile's link read of a ticket a ban may be given on. */
export type BanPolicyTicket = Pick<TicketRow, "id" | "created_at" | "email" | "status" | "assigned_to" | "closed_by">;

/**
 * Every ticket of a member, newest first (the profile's order), with only what the ban policy
 * reads: the profile's ban and unban look for the newest one the caller may act on, beyond the
 * profile's list if need be.
 */
export function banPolicyTicketsOf(db: Kysely<Database>, userId: number): Promise<BanPolicyTicket[]> {
  return db
    .selectFrom("tickets")
    .select(["id", "created_at", "email", "status", "assigned_to", "closed_by"])
    .where("user_id", "=", userId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}

export function insertBanLog(
  db: Kysely<Database>,
  values: {
    ticketId: number;
    userId: number | null;
    email: string;
    reason: string;
    bannerId: number;
    banTime: number;
    now: number;
    until: number;
  },
): Promise<BanLogRow> {
  return db
    .insertInto("ban_logs")
    .values({
      ticket_id: values.ticketId,
      user_id: values.userId,
      email: values.email,
      reason: values.reason,
      banner_id: values.bannerId,
      ban_time: values.banTime,
      timestamp: values.now,
      until: values.until,
      active: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Where the ban logs of a player are kept: by member id, or by e-mail for temporary users. */
export type BanLogOwner = { userId: number } | { email: string };

/** Ends the active bans of a player by hand (lifter set). */
export async function liftActiveBanLogs(
  db: Kysely<Database>,
  owner: BanLogOwner,
  lifterId: number,
  now: number,
): Promise<void> {
  let query = db
    .updateTable("ban_logs")
    .set({ active: 0, ban_lifter_id: lifterId, ban_lift_timestamp: now })
    .where("active", "=", 1);
  query =
    "userId" in owner
      ? query.where("user_id", "=", owner.userId)
      : query.where("user_id", "is", null).where("email", "=", owner.email.toLowerCase());
  await query.execute();
}

/**
 * The ban-expiry sweep's one guarded statement: every active timed ban whose end has passed is
 * marked lifted (lifter null = automatically). Only the node whose UPDATE returned a row acts on it.
 */
export function expireBanLogs(db: Kysely<Database>, now: number): Promise<BanLogRow[]> {
  return db
    .updateTable("ban_logs")
    .set({ active: 0, ban_lifter_id: null, ban_lift_timestamp: now })
    .where("active", "=", 1)
    .where("until", "<>", -1)
    .where("until", "<=", now)
    .returningAll()
    .execute();
}

/** Clears the flags of players whose ban has ended (a newer or permanent ban stays). */
export async function clearEndedUserBans(db: Kysely<Database>, ids: number[], now: number): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db
    .updateTable("users")
    .set({ banned: 0, banned_until: 0 })
    .where("id", "in", ids)
    .where("banned", "=", 1)
    .where("banned_until", "<>", -1)
    .where("banned_until", "<=", now)
    .returning("id")
    .execute();
  return rows.map((r) => r.id);
}

export function tempIdentityIds(db: Kysely<Database>, email: string): Promise<{ id: number }[]> {
  return db
    .selectFrom("users")
    .select("id")
    .where("type", "=", "temp")
    .where("email", "=", email.toLowerCase())
    .execute();
}

/** The staff-only chat line of a ban (1) or unban (0); a null sender is the automatic unban. */
export function insertBanMessage(
  db: Kysely<Database>,
  ticketId: number,
  values: { banned: boolean; message: string; sender: { id: number; name: string } | null; now: number },
): Promise<ChatMessageRow> {
  return db
    .insertInto("chat_messages")
    .values({
      ticket_id: ticketId,
      type: "ban_message",
      sender_id: values.sender?.id ?? null,
      sender_name: values.sender?.name ?? "AUTO",
      user_class: "dev",
      message: values.message,
      timestamp: values.now,
      banned: values.banned ? 1 : 0,
      read: 1,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type BanLogWithNames = BanLogRow & { banner_name: string | null; ban_lifter_name: string | null };

/** A player's ban history, newest first, with who banned and who lifted. */
export async function listBanLogs(db: Kysely<Database>, owner: BanLogOwner): Promise<BanLogWithNames[]> {
  let query = db
    .selectFrom("ban_logs")
    .leftJoin("users as banner", "banner.id", "ban_logs.banner_id")
    .leftJoin("users as lifter", "lifter.id", "ban_logs.ban_lifter_id")
    .selectAll("ban_logs")
    .select(["banner.name as banner_name", "lifter.name as ban_lifter_name"]);
  query =
    "userId" in owner
      ? query.where("ban_logs.user_id", "=", owner.userId)
      : query.where("ban_logs.user_id", "is", null).where("ban_logs.email", "=", owner.email.toLowerCase());
  return query.orderBy("ban_logs.timestamp", "desc").orderBy("ban_logs.id", "desc").limit(500).execute();
}

export async function findTicketsByIds(db: Kysely<Database>, ids: number[]): Promise<TicketRow[]> {
  if (!ids.length) return [];
  return db.selectFrom("tickets").selectAll().where("id", "in", ids).orderBy("created_at", "desc").execute();
}
