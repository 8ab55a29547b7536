/**
 * The staff sidebar's chat list, pins and notifications (spec/2-staff-ticket-work.md §2, §7). Every call acts on the
 * session's own list and notifications, whatever ids the body names.
 */
import { defineEndpoints } from "./define.ts";

export const CHAT_LIST_ENDPOINTS = defineEndpoints({
  fetchActiveChatIds: { method: "GET", path: "/api/fetch-active-chat-ids", access: "staff" },
  fetchActiveChats: { method: "GET", path: "/api/fetch-active-chats", access: "staff" },
  addTicketToChat: { method: "POST", path: "/api/add-ticket-to-chat", access: "staff" },
  addTicketsToChat: { method: "POST", path: "/api/add-tickets-to-chat", access: "staff" },
  removeTicketFromChat: { method: "POST", path: "/api/remove-ticket-from-chat", access: "staff" },
  removeTicketsFromChat: { method: "POST", path: "/api/remove-tickets-from-chat", access: "staff" },
  isPinnedTicket: { method: "POST", path: "/api/is-pinned-ticket", access: "staff" },
  pinTicket: { method: "POST", path: "/api/pin-ticket", access: "staff" },
  markChatUnread: { method: "POST", path: "/api/mark-chat-unread", access: "staff" },
  getNotifications: { method: "POST", path: "/api/notification/get-notifications", access: "staff" },
  markAllNotificationsRead: { method: "POST", path: "/api/notification/mark-all-read", access: "staff" },
});
