/**
 * A hold with a wake-up time, and a chat marked unread by hand (docs/decisions/tickets.md,
 * docs/decisions/chat-list-and-notifications.md):
 *
 * - **`tickets.hold_until`**: epoch seconds at which an ON HOLD ticket goes back to staff, or
 *   null (a hold with no time, and every ticket not on hold). The wake-up sweep reads it through a
 *   partial index that holds only the tickets with a time set, a handful among millions.
 * - **`active_chats.marked_unread`**: 1 once a staff member marked the chat unread; their next
 *   visit of the ticket clears it.
 */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import type { Engine } from "../database.ts";
import { BOOL, EPOCH } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.alterTable("tickets").addColumn("hold_until", EPOCH).execute();
  await db.schema
    .createIndex("tickets_hold_until")
    .on("tickets")
    .column("hold_until")
    .where(sql.ref("hold_until"), "is not", null)
    .execute();
  await db.schema
    .alterTable("active_chats")
    .addColumn("marked_unread", BOOL, (c) => c.notNull().defaultTo(0))
    .execute();
}
