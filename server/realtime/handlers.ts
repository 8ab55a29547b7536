/**
 * One handler per inbound socket event. Each validates its payload, asks the policy, and answers
 * with an acknowledgement; a refused or malformed event changes nothing.
 */
import { joinChatroomPayload, userRoom } from "../../common/socket-events.ts";
import type { AppContext } from "../context.ts";
import type { AppSocket } from "./socketServer.ts";

export type HandlerResult = { ok: true; data?: unknown } | { ok: false; error: string };
export type EventHandler = (ctx: AppContext, socket: AppSocket, payload: unknown) => Promise<HandlerResult>;

/** The rooms a socket may enter: for now only its own user room (ticket rooms come with chat). */
function allowedRoom(socket: AppSocket, roomId: string | number): string | null {
  return String(roomId) === String(socket.data.user.id) ? userRoom(socket.data.user.id) : null;
}

export const eventHandlers: Record<string, EventHandler> = {
  async join_chatroom(_ctx, socket, payload) {
    const parsed = joinChatroomPayload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation" };
    const room = allowedRoom(socket, parsed.data.room_id);
    if (!room) return { ok: false, error: "forbidden" };
    await socket.join(room);
    return { ok: true };
  },

  async leave_chatroom(_ctx, socket, payload) {
    const parsed = joinChatroomPayload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation" };
    const room = allowedRoom(socket, parsed.data.room_id);
    if (room) await socket.leave(room);
    return { ok: true };
  },
};
