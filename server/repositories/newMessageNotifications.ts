/**
 * The assignee's `new_message` notification (docs/decisions/chat.md: one unread per ticket at a time).
 * The partial unique index of migration 0010 holds the rule under concurrency: an insert while
 * one is unread does nothing and answers undefined.
 */
import { type Kysely, sql } from "kysely";
import type { Database, TicketRow } from "../db/schema.ts";
import { type NotificationRow, notificationExpiry } from "./notifications.ts";

export function insertNewMessageNotification(
  db: Kysely<Database>,
  n: { userId: number; ticket: Pick<TicketRow, "id" | "created_at">; byUserId: number; now: number },
): Promise<NotificationRow | undefined> {
  return (
    db
      .insertInto("notifications")
      .values({
        user_id: n.userId,
        type: "new_message",
        ticket_id: n.ticket.id,
        ticket_created_at: n.ticket.created_at,
        by_user_id: n.byUserId,
        timestamp: n.now,
        expires: notificationExpiry(n.now),
      })
      // The target's predicate is written as literals: SQLite matches it against the index's own
      // WHERE and cannot do so through bound parameters.
      .onConflict((oc) =>
        oc
          .columns(["user_id", "ticket_id"])
          .where("type", "=", sql.lit("new_message"))
          .where("read", "=", sql.lit(0))
          .doNothing(),
      )
      .returningAll()
      .executeTakeFirst()
  );
}
