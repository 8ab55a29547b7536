/**
 * A ticket's number is its creation second (spec/2-staff-ticket-work.md §2), and tickets.created_at is unique: a ticket
 * created in a second that is already taken gets the next free second instead.
 */
import { type Kysely, sql } from "kysely";
import type { Database } from "./schema.ts";

/**
 * Takes the number of a new ticket: `now`, or one past the last number taken when that is later.
 * One statement on the allocator row (migration 0007), so concurrent callers on any number of nodes
 * queue on its row lock and each gets its own number: no retry, no failure at any concurrency.
 * The highest created_at is looked at too, so tickets written without the allocator (seeds, test
 * factories, imports) are never collided with. Inside a transaction the number comes back if the
 * transaction rolls back; call it just before the insert to hold the row lock briefly.
 */
export async function allocateTicketNumber(db: Kysely<Database>, now: number): Promise<number> {
  // CASE instead of GREATEST (PostgreSQL) / MAX(a, b) (SQLite): the same text on both engines.
  const floor = sql<number>`(SELECT CASE WHEN MAX(created_at) + 1 > CAST(${now} AS bigint) THEN MAX(created_at) + 1 ELSE CAST(${now} AS bigint) END FROM tickets)`;
  const row = await db
    .updateTable("ticket_number")
    .set({ last_number: sql<number>`CASE WHEN last_number + 1 > ${floor} THEN last_number + 1 ELSE ${floor} END` })
    .where("id", "=", 1)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/**
 * The first second at or after `wanted` that no ticket holds, for tickets numbered in the past
 * (seeds, test factories). New submissions take allocateTicketNumber instead.
 */
export async function freeTicketNumber(db: Kysely<Database>, wanted: number): Promise<number> {
  let candidate = wanted;
  for (;;) {
    // One query looks at a window of taken seconds, so a burst of tickets costs one round trip.
    const taken = await db
      .selectFrom("tickets")
      .select("created_at")
      .where("created_at", ">=", candidate)
      .where("created_at", "<", candidate + 64)
      .orderBy("created_at")
      .execute();
    for (const row of taken) {
      if (row.created_at !== candidate) return candidate;
      candidate += 1;
    }
    if (taken.length < 64) return candidate;
  }
}
