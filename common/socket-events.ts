/**
 * Typed socket.io event maps (spec 1 §7, spec 2 §7). Every inbound event is validated with its
 * zod schema before a handler sees it; handlers answer through the acknowledgement callback.
 */
import { z } from "zod";

export const joinChatroomPayload = z.object({
  room_id: z.union([z.string().max(100), z.number().int()]),
  name: z.union([z.string().max(100), z.number().int()]).optional(),
});
export type JoinChatroomPayload = z.infer<typeof joinChatroomPayload>;

export type Ack<T = unknown> = (answer: { ok: true; data?: T } | { ok: false; error: string }) => void;

export interface ServerToClientEvents {
  number_notifications: (payload: { unread: number }) => void;
  announcement_unread_count: (payload: { unread: number }) => void;
  session_ended: (payload: { reason: string }) => void;
}

export interface ClientToServerEvents {
  join_chatroom: (payload: JoinChatroomPayload, ack?: Ack) => void;
  leave_chatroom: (payload: JoinChatroomPayload, ack?: Ack) => void;
}

/** The room every signed-in user's sockets share; join_chatroom with one's own id enters it. */
export function userRoom(userId: number): string {
  return `user:${userId}`;
}
