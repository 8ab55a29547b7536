/**
 * A staff member's sidebar chat list and its pins (spec/2-staff-ticket-work.md §2, §7): one row per (user, ticket).
 * Every query names the user, so one staff member never reads or changes another's list.
 */
import type { Kysely } from "kysely";
import { compiledOnce } from "../db/compiledOnce.ts";
import type { Database, TicketRow } from "../db/schema.ts";

export async function activeChatIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom("active_chats")
    .select("ticket_id")
    .where("user_id", "=", userId)
    .orderBy("ticket_id")
    .execute();
  return rows.map((r) => r.ticket_id);
}

/** The list's tickets with their pin; the client orders them (status order, recency, pins first). */
export function activeChats(db: Kysely<Database>, userId: number): Promise<(TicketRow & { pinned: number })[]> {
  return db
    .selectFrom("active_chats")
    .innerJoin("tickets", "tickets.id", "active_chats.ticket_id")
    .selectAll("tickets")
    .select("active_chats.pinned")
    .where("active_chats.user_id", "=", userId)
    .orderBy("tickets.last_updated", "desc")
    .orderBy("tickets.id", "desc")
    .execute();
}

/** The ids among `ticketIds` that exist (a list never holds a ticket that is not there). */
export async function existingTickets(db: Kysely<Database>, ticketIds: number[]): Promise<TicketRow[]> {
  if (!ticketIds.length) return [];
  return db.selectFrom("tickets").selectAll().where("id", "in", ticketIds).orderBy("id").execute();
}

const addOne = compiledOnce((db, entry: { user_id: number; ticket_id: number; added_at: number }) =>
  db
    .insertInto("active_chats")
    .values({ ...entry, pinned: 0 })
    .onConflict((oc) => oc.columns(["user_id", "ticket_id"]).doNothing())
    .returning("ticket_id"),
);

/** Adds the tickets to the list; answers the ids that were not in it before (the new rows). */
export async function addActiveChats(
  db: Kysely<Database>,
  userId: number,
  ticketIds: number[],
  now: number,
): Promise<number[]> {
  if (!ticketIds.length) return [];
  // One ticket, as every staff reply adds its own: compiled once.
  if (ticketIds.length === 1) {
    const added = await addOne(db, { user_id: userId, ticket_id: ticketIds[0]!, added_at: now });
    return added.rows.map((r) => r.ticket_id);
  }
  const rows = await db
    .insertInto("active_chats")
    .values(ticketIds.map((ticket_id) => ({ user_id: userId, ticket_id, pinned: 0, added_at: now })))
    .onConflict((oc) => oc.columns(["user_id", "ticket_id"]).doNothing())
    .returning("ticket_id")
    .execute();
  return rows.map((r) => r.ticket_id);
}

/** Removes the tickets from the list; answers the ids that were in it. */
export async function removeActiveChats(db: Kysely<Database>, userId: number, ticketIds: number[]): Promise<number[]> {
  if (!ticketIds.length) return [];
  const rows = await db
    .deleteFrom("active_chats")
    .where("user_id", "=", userId)
    .where("ticket_id", "in", ticketIds)
    .returning("ticket_id")
    .execute();
  return rows.map((r) => r.ticket_id);
}

/** The row's pin, or null when the ticket is not in the user's list. */
export async function pinOf(db: Kysely<Database>, userId: number, ticketId: number): Promise<boolean | null> {
  const row = await db
    .selectFrom("active_chats")
    .select("pinned")
    .where("user_id", "=", userId)
    .where("ticket_id", "=", ticketId)
    .executeTakeFirst();
  return row ? row.pinned === 1 : null;
}

/**
 * Pins or unpins; pinning a ticket that is not in the list adds it pinned (a pin only makes sense
 * in the list). Answers whether the list gained the ticket and whether the pin changed.
 */
export async function setPin(
  db: Kysely<Database>,
  userId: number,
  ticketId: number,
  pinned: boolean,
  now: number,
): Promise<{ added: boolean; changed: boolean }> {
  const flag = pinned ? 1 : 0;
  const updated = await db
    .updateTable("active_chats")
    .set({ pinned: flag })
    .where("user_id", "=", userId)
    .where("ticket_id", "=", ticketId)
    .where("pinned", "<>", flag)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) > 0) return { added: false, changed: true };
  if (!pinned) return { added: false, changed: false };
  const inserted = await db
    .insertInto("active_chats")
    .values({ user_id: userId, ticket_id: ticketId, pinned: 1, added_at: now })
    .onConflict((oc) => oc.columns(["user_id", "ticket_id"]).doNothing())
    .returning("ticket_id")
    .execute();
  return { added: inserted.length > 0, changed: inserted.length > 0 };
}
