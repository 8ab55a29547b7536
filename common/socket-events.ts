/**
 * Typed socket.io event maps (spec 1 §7, spec 2 §7). Every inbound event is validated with its
 * zod schema before a handler sees it; handlers answer through the acknowledgement callback.
 */
import { z } from "zod";
import type { PlayerTicketPing, StaffTicketPing } from "./schemas/ticketResponses.ts";

/**
 * join_chatroom / leave_chatroom. `room_id` is the user's own id (its personal room) or a chat id
 * `chat-{ticketId}` (a ticket's chat); `name` is the user id, informational only.
 */
export const joinChatroomPayload = z.object({
  room_id: z.union([z.string().max(100), z.number().int()]),
  name: z.union([z.string().max(100), z.number().int()]).optional(),
});
export type JoinChatroomPayload = z.infer<typeof joinChatroomPayload>;

export type AckAnswer<T = unknown> = { ok: true; data?: T } | { ok: false; error: string };
export type Ack<T = unknown> = (answer: AckAnswer<T>) => void;

export interface ServerToClientEvents {
  number_notifications: (payload: { unread: number }) => void;
  announcement_unread_count: (payload: { unread: number }) => void;
  /** A stored chat message, presented for the receiving side (staff or player). */
  new_message: (message: Record<string, unknown>) => void;
  /** The other side read the chat: staff show read ticks. */
  messages_read: (payload: { chat_id: string; ticket_id: number; reader_class: "dev" | "user" }) => void;
  /** Staff get the full ping; a ticket's player gets what moved, without staff bookkeeping. */
  ticket_updated_ping: (payload: StaffTicketPing | PlayerTicketPing) => void;
  ticket_assigned: (payload: { ticket_id: number; assignedTo: number | null }) => void;
}

export interface ClientToServerEvents {
  join_chatroom: (payload: JoinChatroomPayload, ack?: Ack) => void;
  leave_chatroom: (payload: JoinChatroomPayload, ack?: Ack) => void;
  send_message: (payload: unknown, ack?: Ack) => void;
  messages_read: (payload: unknown, ack?: Ack) => void;
  user_ticket_visit: (payload: unknown, ack?: Ack) => void;
  announcement_read: (payload: unknown, ack?: Ack) => void;
}

/** The room every signed-in user's sockets share; join_chatroom with one's own id enters it. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}

/** Every staff socket is in this room: ticket updates and new active chats go here. */
export const STAFF_ROOM = "staff";

/** A ticket's chat, split by audience so that each side gets its own presentation. */
export function chatRoom(ticketId: number, audience: "staff" | "player"): string {
  return `chat:${ticketId}:${audience}`;
}
