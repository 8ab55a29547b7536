/**
 * A ticket's number is its creation second (spec 2 §2), and tickets.created_at is unique: a ticket
 * created in a second that is already taken gets the next free second instead.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

/**
 * The first second at or after `wanted` that no ticket holds. Call it inside the transaction that
 * inserts the ticket; the unique index still refuses a number taken by a concurrent insert, so a
 * caller racing other nodes retries on a unique violation.
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
