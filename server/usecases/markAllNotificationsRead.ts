/**
 * Mark All Read (spec/2-staff-ticket-work.md §2): every notification of the caller becomes read; all of their tabs
 * get `mark_all_read` and the new count.
 */
import type { AppContext } from "../context.ts";
import { countUnreadNotifications, markAllNotificationsRead } from "../repositories/notifications.ts";

export async function markAllNotificationsReadFor(ctx: AppContext, userId: number) {
  const marked = await markAllNotificationsRead(ctx.store.db, userId);
  const unread = await countUnreadNotifications(ctx.store.db, userId);
  ctx.events.publish("notifications.allRead", { userId });
  return { marked, unread };
}
