import {
  activeChatIdsResponse,
  activeChatsResponse,
  addTicketsToChatBody,
  addTicketToChatBody,
  chatListChangeResponse,
  getNotificationsBody,
  isPinnedResponse,
  isPinnedTicketBody,
  markAllReadResponse,
  markChatUnreadBody,
  notificationsResponse,
  pinTicketBody,
  pinTicketResponse,
  removeTicketFromChatBody,
  removeTicketsFromChatBody,
  unreadChatResponse,
} from "../schemas/chatList.ts";
import type { CHAT_LIST_ENDPOINTS } from "./chatList.ts";
import { defineSchemas } from "./define.ts";

export const CHAT_LIST_SCHEMAS = defineSchemas<typeof CHAT_LIST_ENDPOINTS>()({
  fetchActiveChatIds: { response: activeChatIdsResponse },
  fetchActiveChats: { response: activeChatsResponse },
  addTicketToChat: { body: addTicketToChatBody, response: chatListChangeResponse },
  addTicketsToChat: { body: addTicketsToChatBody, response: chatListChangeResponse },
  removeTicketFromChat: { body: removeTicketFromChatBody, response: chatListChangeResponse },
  removeTicketsFromChat: { body: removeTicketsFromChatBody, response: chatListChangeResponse },
  isPinnedTicket: { body: isPinnedTicketBody, response: isPinnedResponse },
  pinTicket: { body: pinTicketBody, response: pinTicketResponse },
  markChatUnread: { body: markChatUnreadBody, response: unreadChatResponse },
  getNotifications: { body: getNotificationsBody, response: notificationsResponse },
  markAllNotificationsRead: { response: markAllReadResponse },
});
