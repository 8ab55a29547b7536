/**
 * Which socket.io rooms a session may be in: its own user room, the chat of a ticket it may see
 * (split by audience), and, for staff, a ticket's notes. Asked when a socket joins a room and again
 * when a recovered socket would get its old rooms back.
 */
import { decodeNotesId } from "../../common/schemas/notes.ts";
import { chatRoom, notesRoom, STAFF_ROOM, userRoom } from "../../common/socket-events.ts";
import { decodeChatId } from "../../common/ticket-code.ts";
import type { AppContext } from "../context.ts";
import { type SocketUser, sessionRoom } from "../realtime/socketTypes.ts";
import { findTicket } from "../repositories/tickets.ts";
import { isStaff } from "./policy.ts";
import { ticketViewer } from "./tickets.ts";

/**
 * The rooms every socket of a session is in from its connection on: its session's, its user's,
 * and, for staff, the staff room (ticket pings and assignments).
 */
export function standingRooms(who: SocketUser): string[] {
  const rooms = [sessionRoom(who.session.id), userRoom(who.user.id)];
  if (isStaff(who.user)) rooms.push(STAFF_ROOM);
  return rooms;
}

/**
 * The room a socket may enter for a room_id: its own user room, or the chat of a ticket it may
 * see (split by audience). Anything else is refused.
 */
export async function allowedRoom(ctx: AppContext, who: SocketUser, roomId: string | number): Promise<string | null> {
  const { user, session } = who;
  if (String(roomId) === String(user.id)) return userRoom(user.id);
  if (typeof roomId === "string" && roomId.startsWith("notes-")) return allowedNotesRoom(ctx, who, roomId);
  if (typeof roomId !== "string" || !roomId.startsWith("chat-")) return null;
  const ticketId = decodeChatId(roomId);
  const ticket = ticketId === null ? undefined : await findTicket(ctx.store.db, ticketId);
  const viewer = ticket ? ticketViewer(user, session, ticket) : null;
  if (!ticket || !viewer) return null;
  return chatRoom(ticket.id, viewer === "staff" ? "staff" : "player");
}

/** A ticket's notes room (`notes-{id}`), for staff only, and only of a ticket that exists. */
async function allowedNotesRoom(ctx: AppContext, who: SocketUser, roomId: string): Promise<string | null> {
  const ticketId = decodeNotesId(roomId);
  if (ticketId === null || !isStaff(who.user)) return null;
  const ticket = await findTicket(ctx.store.db, ticketId);
  return ticket ? notesRoom(ticket.id) : null;
}

/** Whether this session may still be in a chat room it joined earlier (`chat:{id}:{audience}`). */
export async function mayStayInChatRoom(ctx: AppContext, who: SocketUser, room: string): Promise<boolean> {
  const notes = /^notes:(\d+)$/.exec(room);
  if (notes) return (await allowedRoom(ctx, who, `notes-${notes[1]}`)) === room;
  const match = /^chat:(\d+):(staff|player)$/.exec(room);
  if (!match) return false;
  return (await allowedRoom(ctx, who, `chat-${match[1]}`)) === room;
}
