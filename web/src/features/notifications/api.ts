/** Staff notifications (spec/2-staff-ticket-work.md §7): the list and Mark All Read. */
import type { NotificationType } from "../../../../common/schemas/chatList.ts";
import { api } from "../../api/client.ts";

/** The dropdown fetches 30, the page 500 (spec/2-staff-ticket-work.md §9). */
export const DROPDOWN_COUNT = 30;
export const PAGE_COUNT = 500;

export const notificationKeys = {
  all: ["notifications"] as const,
  list: (n: number, unreadOnly: boolean, type: NotificationType | "all") =>
    ["notifications", n, unreadOnly, type] as const,
};

export async function fetchNotifications(n: number, unreadOnly: boolean, type: NotificationType | "all" = "all") {
  return api.call("getNotifications", {
    n_first: n,
    unread_only: unreadOnly,
    type,
  });
}

export async function markAllNotificationsRead() {
  return api.call("markAllNotificationsRead");
}
