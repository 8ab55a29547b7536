/**
 * Typed socket.io event maps (spec/1-product-frame.md §7, spec/2-staff-ticket-work.md §7). Every inbound event has a zod schema here or
 * in schemas/chat.ts: the server parses each payload with it before a handler sees it, and the web
 * client sends the schema's input shape. Every outbound event has its payload type.
 */
import { z } from "zod";
import type { UserPreferences } from "./schemas/auth.ts";
import type { BannedWarning } from "./schemas/bans.ts";
import {
  announcementReadPayload,
  messagesReadPayload,
  type PlayerMessage,
  type StaffMessage,
  sendMessagePayload,
  userTicketVisitPayload,
} from "./schemas/chat.ts";
import {
  type ChatTicket,
  getNumberOfNotificationsPayload,
  getUnreadMessagesPayload,
  type Notification,
  type UnreadChat,
  type UnreadChats,
} from "./schemas/chatList.ts";
import { deleteMessagePayload, editMessagePayload } from "./schemas/messageEdits.ts";
import { deleteNotePayload, editNotePayload, type Note, sendNotePayload } from "./schemas/notes.ts";
import { type TicketViewers, ticketPresencePayload } from "./schemas/ticketPresence.ts";
import type { PlayerTicketPing, PlayerTicketSignalEvent, StaffTicketPing } from "./schemas/ticketResponses.ts";

/**
 * join_chatroom / leave_chatroom. `room_id` is the user's own id (its personal room) or a chat id
 * `chat-{ticketId}` (a ticket's chat); `name` is the user id, informational only.
 */
export const joinChatroomPayload = z.object({
  room_id: z.union([z.string().max(100), z.number().int()]),
  name: z.union([z.string().max(100), z.number().int()]).optional(),
});
export type JoinChatroomPayload = z.infer<typeof joinChatroomPayload>;

/** The schema of each inbound event: the server's handler map must have exactly these keys. */
export const clientEventSchemas = {
  join_chatroom: joinChatroomPayload,
  leave_chatroom: joinChatroomPayload,
  send_message: sendMessagePayload,
  messages_read: messagesReadPayload,
  user_ticket_visit: userTicketVisitPayload,
  announcement_read: announcementReadPayload,
  // Staff-only internal notes of a ticket
  send_note: sendNotePayload,
  edit_note: editNotePayload,
  delete_note: deleteNotePayload,
  // A staff member's own messages
  edit_message: editMessagePayload,
  delete_message: deleteMessagePayload,
  // chat list and notifications (spec/2-staff-ticket-work.md §7)
  get_number_of_notifications: getNumberOfNotificationsPayload,
  get_unread_messages: getUnreadMessagesPayload,
  // Staff only: who else is on a ticket's page (collision detection)
  ticket_presence: ticketPresencePayload,
} as const;
export type ClientEventName = keyof typeof clientEventSchemas;

/**
 * The answer to every inbound event. `error` is a stable code: `validation`, `rate_limited`,
 * `forbidden`, `not_found`, `internal`, or an application error code.
 */
export type AckAnswer<T = unknown> = { ok: true; data?: T } | { ok: false; error: string };
export type Ack<T = unknown> = (answer: AckAnswer<T>) => void;

/** What send_message acknowledges: the stored message as the sender's side sees it. */
export type SendMessageAnswer = PlayerMessage | StaffMessage | null;

/** The data each inbound event's acknowledgement carries. */
export interface ClientEventAnswers {
  join_chatroom: undefined;
  leave_chatroom: undefined;
  send_message: SendMessageAnswer;
  messages_read: undefined;
  user_ticket_visit: undefined;
  announcement_read: undefined;
  /** The stored (edited, deleted) note. */
  send_note: Note;
  edit_note: Note;
  delete_note: Note;
  /** The changed message as staff see it. */
  edit_message: StaffMessage;
  delete_message: StaffMessage;
  get_number_of_notifications: { unread: number };
  get_unread_messages: { unread_chats: UnreadChats };
  ticket_presence: undefined;
}

/** Clients send a schema's input (a chat id as `chat-12`); handlers get its parsed output. */
export type ClientToServerEvents = {
  [E in ClientEventName]: (payload: z.input<(typeof clientEventSchemas)[E]>, ack?: Ack<ClientEventAnswers[E]>) => void;
};

export interface ServerToClientEvents {
  number_notifications: (payload: { unread: number }) => void;
  announcement_unread_count: (payload: { unread: number }) => void;
  /** A stored chat message, presented for the receiving room: staff or player. */
  new_message: (message: StaffMessage | PlayerMessage) => void;
  /** A message was edited or deleted, presented for the receiving room (deleted: no text, no files). */
  edited_message: (message: StaffMessage | PlayerMessage) => void;
  deleted_message: (message: StaffMessage | PlayerMessage) => void;
  /** Staff only: whether the ticket's player has its chat open ('User online'). */
  users_in_room: (payload: { chat_id: string; ticket_id: number; player_online: boolean }) => void;
  /** Staff only, to the ticket's staff chat room: who is on the ticket's page, and who is typing. */
  ticket_viewers: (payload: TicketViewers) => void;
  /** The other side read the chat: staff show read ticks. */
  messages_read: (payload: { chat_id: string; ticket_id: number; reader_class: "dev" | "user" }) => void;
  /** Staff get the full ping; a ticket's player gets what moved, without staff bookkeeping. */
  ticket_updated_ping: (payload: StaffTicketPing | PlayerTicketPing) => void;
  ticket_assigned: (payload: { ticket_id: number; assignedTo: number | null }) => void;
  /**
   * Staff only: tickets changed, so the views' counts may have (docs/decisions/views.md). At most
   * one per VIEWS_CHANGED_INTERVAL_MS across all nodes; a page reads fetch-views again.
   */
  views_changed: (payload: Record<string, never>) => void;
  /** A notification for this staff member (spec/2-staff-ticket-work.md §3). */
  new_notification: (notification: Notification) => void;
  /** Notes of a ticket, to its staff-only notes room (notes:{ticketId}). */
  new_note: (note: Note) => void;
  edited_note: (note: Note) => void;
  deleted_note: (note: Note) => void;
  /** The receiving player was just banned: their pages show the ban dialog (spec/2-staff-ticket-work.md §8). */
  banned_warning: (payload: BannedWarning) => void;
  // chat list and notifications (spec/2-staff-ticket-work.md §7), to all of one staff member's tabs
  unread_messages: (payload: { unread_chats: UnreadChats }) => void;
  unread_message: (payload: { unread_chat: UnreadChat }) => void;
  new_active_chat: (payload: { ticket: ChatTicket }) => void;
  remove_active_chat: (payload: { ticket_id: number }) => void;
  ticket_pinned: (payload: { ticket_id: number; pinned: boolean }) => void;
  /** The user's notifications were all marked read (in this or another tab). */
  mark_all_read: (payload: Record<string, never>) => void;
  /**
   * The user's permissions changed (their rank did not: that ends the session). Their open pages
   * load the list again, so guards and the sidebar follow at once.
   */
  permissions_changed: (payload: Record<string, never>) => void;
  /** Staff only (spec/2-staff-ticket-work.md §7): a ban or unban line (type ban_message), in the staff presentation. */
  banned_message: (message: StaffMessage) => void;
  /** The user saved their preferences (in this or another tab): every tab follows at once. */
  user_preferences: (payload: { user_preferences: UserPreferences }) => void;
  /**
   * To a ticket's player only (their user room; a temporary user's identity has that one ticket):
   * a staff reply arrived (`reply`), the status or last activity moved, or the player read the
   * chat in another tab. Carries the ticket's unread count and the player's new total.
   */
  player_ticket_signal: (payload: PlayerTicketSignalEvent) => void;
}

/** Why the server refuses a socket's handshake (the connect_error message). */
export const SOCKET_REFUSALS = [
  "origin_not_allowed",
  "not_authenticated",
  "csrf_failed",
  "too_many_sockets",
  "handshake_failed",
] as const;
export type SocketRefusal = (typeof SOCKET_REFUSALS)[number];

/** The room every signed-in user's sockets share; join_chatroom with one's own id enters it. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** Every staff socket is in this room: ticket updates and new active chats go here. */
export const STAFF_ROOM = "staff";

/** A ticket's internal notes: only staff sockets ever enter (join_chatroom `notes-{id}`). */
export function notesRoom(ticketId: number): string {
  return `notes:${ticketId}`;
}

/** A ticket's chat, split by audience so that each side gets its own presentation. */
export function chatRoom(ticketId: number, audience: "staff" | "player"): string {
  return `chat:${ticketId}:${audience}`;
}
