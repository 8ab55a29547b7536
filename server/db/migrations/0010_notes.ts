/**
 * At most one unread `new_message` notification per staff member and
 * ticket (docs/decisions/chat.md). A partial unique index makes the rule hold when a player's messages
 * arrive at once on several connections or nodes: the second insert does nothing.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await sql`CREATE UNIQUE INDEX notifications_one_unread_new_message ON notifications (user_id, ticket_id)
    WHERE type = 'new_message' AND "read" = 0`.execute(db);
}
