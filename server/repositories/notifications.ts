/**
 * Staff notifications (spec 2 §3): written by the use cases that cause them (assignment, a
 * player's message, a tag), read by the header dropdown and /admin/notifications. A notification
 * stays unread until its ticket is visited.
 */
import type { Kysely } from "kysely";
import type { NotificationType } from "../../common/schemas/chatList.ts";
import type { Database, TicketRow } from "../db/schema.ts";

/** How long a notification is kept (the expires column); the page shows the newest 500. */
export const NOTIFICATION_LIFETIME_SECONDS = 90 * 86_400;

export interface NewNotification {
  userId: number;
  type: NotificationType;
  ticket: Pick<TicketRow, "id" | "created_at">;
  byUserId: number | null;
  now: number;
}

/** Stores one notification; publish "notification.created" with the row after the commit. */
export function insertNotification(db: Kysely<Database>, n: NewNotification) {
  return db
    .insertInto("notifications")
    .values({
      user_id: n.userId,
      type: n.type,
      ticket_id: n.ticket.id,
      ticket_created_at: n.ticket.created_at,
      by_user_id: n.byUserId,
      timestamp: n.now,
      expires: n.now + NOTIFICATION_LIFETIME_SECONDS,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type NotificationRow = Awaited<ReturnType<typeof insertNotification>>;

export async function countUnreadNotifications(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("read", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ticket was visited: its notifications for this user are read. Answers how many changed. */
export async function markTicketNotificationsRead(db: Kysely<Database>, userId: number, ticketId: number) {
  const result = await db
    .updateTable("notifications")
    .set({ read: 1, seen: 1 })
    .where("user_id", "=", userId)
    .where("ticket_id", "=", ticketId)
    .where("read", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
