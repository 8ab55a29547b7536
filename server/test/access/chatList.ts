/** Authorization rows for the sidebar chat list, pins and notifications (spec/2-staff-ticket-work.md §2, §7). */
import {
  addTicketsToChatBody,
  addTicketToChatBody,
  getNotificationsBody,
  getNumberOfNotificationsPayload,
  getUnreadMessagesPayload,
  isPinnedTicketBody,
  markChatUnreadBody,
  pinTicketBody,
  removeTicketFromChatBody,
  removeTicketsFromChatBody,
} from "../../../common/schemas/chatList.ts";
import { outcomes, type RouteAccess, type SocketAccess, socketOutcomes } from "./shared.ts";

/** spec/2-staff-ticket-work.md §6: only staff have a chat list and notifications; each acts on the caller's own. */
const STAFF_ONLY = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 200 });
const SOCKET_STAFF_ONLY = socketOutcomes({ signedIn: "forbidden", staff: "ok" });

export const CHAT_LIST_ROUTES: RouteAccess[] = [
  {
    method: "GET",
    url: "/api/fetch-active-chat-ids",
    schema: null,
    cases: [{ name: "own list", request: () => ({}), expect: STAFF_ONLY }],
  },
  {
    method: "GET",
    url: "/api/fetch-active-chats",
    schema: null,
    cases: [{ name: "own list", request: () => ({}), expect: STAFF_ONLY }],
  },
  {
    method: "POST",
    url: "/api/add-ticket-to-chat",
    schema: addTicketToChatBody,
    cases: [{ name: "A's ticket", request: (f) => ({ json: { ticket_id: f.ticketA.id } }), expect: STAFF_ONLY }],
  },
  {
    method: "POST",
    url: "/api/add-tickets-to-chat",
    schema: addTicketsToChatBody,
    cases: [
      {
        name: "A's and the visitor's tickets",
        request: (f) => ({ json: { ticket_ids: [f.ticketA.id, f.tempTicket.id] } }),
        expect: STAFF_ONLY,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/remove-ticket-from-chat",
    schema: removeTicketFromChatBody,
    cases: [{ name: "A's ticket", request: (f) => ({ json: { ticket_id: f.ticketA.id } }), expect: STAFF_ONLY }],
  },
  {
    method: "POST",
    url: "/api/remove-tickets-from-chat",
    schema: removeTicketsFromChatBody,
    cases: [
      {
        // userId names someone else: the server acts on the caller's own list regardless.
        name: "A's ticket, naming member A as the list's owner",
        request: (f) => ({ json: { ticket_ids: [f.ticketA.id], userId: f.memberA.id } }),
        expect: STAFF_ONLY,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/is-pinned-ticket",
    schema: isPinnedTicketBody,
    cases: [{ name: "A's ticket", request: (f) => ({ json: { id: f.ticketA.id } }), expect: STAFF_ONLY }],
  },
  {
    method: "POST",
    url: "/api/pin-ticket",
    schema: pinTicketBody,
    cases: [
      { name: "pin A's ticket", request: (f) => ({ json: { id: f.ticketA.id, pinned: true } }), expect: STAFF_ONLY },
    ],
  },
  {
    method: "POST",
    url: "/api/mark-chat-unread",
    schema: markChatUnreadBody,
    cases: [
      { name: "mark A's ticket unread", request: (f) => ({ json: { ticket_id: f.ticketA.id } }), expect: STAFF_ONLY },
    ],
  },
  {
    method: "POST",
    url: "/api/notification/get-notifications",
    schema: getNotificationsBody,
    cases: [
      {
        name: "own newest 30",
        request: () => ({ json: { n_first: 30, unread_only: false } }),
        expect: STAFF_ONLY,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/notification/mark-all-read",
    schema: null,
    cases: [{ name: "own notifications", request: () => ({}), expect: STAFF_ONLY }],
  },
];

export const CHAT_LIST_SOCKETS: SocketAccess[] = [
  {
    event: "get_number_of_notifications",
    schema: getNumberOfNotificationsPayload,
    cases: [{ name: "own count", payload: () => ({}), expect: SOCKET_STAFF_ONLY }],
  },
  {
    event: "get_unread_messages",
    schema: getUnreadMessagesPayload,
    cases: [
      { name: "own list", payload: (f, role) => ({ user_id: f.roleIds[role] }), expect: SOCKET_STAFF_ONLY },
      {
        name: "member A's id",
        payload: (f) => ({ user_id: f.memberA.id }),
        expect: socketOutcomes({ signedIn: "forbidden" }),
      },
    ],
  },
];
