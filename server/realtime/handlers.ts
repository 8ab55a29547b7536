/**
 * One handler per inbound socket event. Each validates its payload, asks the policy, and answers
 * with an acknowledgement; a refused or malformed event changes nothing.
 */
import {
  announcementReadPayload,
  messagesReadPayload,
  sendMessagePayload,
  userTicketVisitPayload,
} from "../../common/schemas/chat.ts";
import { type AckAnswer, chatRoom, joinChatroomPayload, userRoom } from "../../common/socket-events.ts";
import { decodeChatId } from "../../common/ticket-code.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { ticketViewer } from "../policies/tickets.ts";
import { presentMessageFor } from "../presenters/message.ts";
import { markRead } from "../repositories/chat.ts";
import { countUnreadAnnouncements, markAnnouncementRead } from "../repositories/content.ts";
import { findTicket } from "../repositories/tickets.ts";
import { sendChatMessage } from "../usecases/sendChatMessage.ts";
import type { AppSocket } from "./socketServer.ts";

export type EventHandler = (ctx: AppContext, socket: AppSocket, payload: unknown) => Promise<AckAnswer>;

/**
 * The room a socket may enter for a room_id: its own user room, or the chat of a ticket it may
 * see (split by audience). Anything else is refused.
 */
async function allowedRoom(ctx: AppContext, socket: AppSocket, roomId: string | number): Promise<string | null> {
  const { user, session } = socket.data;
  if (String(roomId) === String(user.id)) return userRoom(user.id);
  if (typeof roomId !== "string" || !roomId.startsWith("chat-")) return null;
  const ticketId = decodeChatId(roomId);
  const ticket = ticketId === null ? undefined : await findTicket(ctx.store.db, ticketId);
  const viewer = ticket ? ticketViewer(user, session, ticket) : null;
  if (!ticket || !viewer) return null;
  return chatRoom(ticket.id, viewer === "staff" ? "staff" : "player");
}

function errorCode(error: unknown): string {
  if (error instanceof AppError) return error.code;
  throw error;
}

export const eventHandlers: Record<string, EventHandler> = {
  async join_chatroom(ctx, socket, payload) {
    const parsed = joinChatroomPayload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation" };
    const room = await allowedRoom(ctx, socket, parsed.data.room_id);
    if (!room) return { ok: false, error: "forbidden" };
    await socket.join(room);
    return { ok: true };
  },

  async leave_chatroom(ctx, socket, payload) {
    const parsed = joinChatroomPayload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation" };
    const room = await allowedRoom(ctx, socket, parsed.data.room_id);
    if (room) await socket.leave(room);
    return { ok: true };
  },

  /** The socket twin of POST /api/new-chat-message; attachments come from upload-files. */
  async send_message(ctx, socket, payload) {
    const parsed = sendMessagePayload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation" };
    const { messageObj } = parsed.data;
    const { user, session } = socket.data;
    try {
      const { message } = await sendChatMessage(ctx, user, session, {
        ticketId: messageObj.chatId,
        message: messageObj.message,
        replyTo: messageObj.reply_to ?? parsed.data.reply_to ?? parsed.data.replyTo ?? null,
        uploadedNames: messageObj.attachments,
        newFiles: [],
        ip: socket.handshake.address || "NOT FOUND",
      });
      return { ok: true, data: presentMessageFor(message, user.class === "dev" ? "staff" : "owner") };
    } catch (error) {
      return { ok: false, error: errorCode(error) };
    }
  },

  /** The reader has seen the chat: the other side's messages become read (staff see ticks). */
  async messages_read(ctx, socket, payload) {
    const parsed = messagesReadPayload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation" };
    const { user, session } = socket.data;
    const ticket = await findTicket(ctx.store.db, parsed.data.chat_id);
    if (!ticket || !ticketViewer(user, session, ticket)) return { ok: false, error: "not_found" };
    if ((await markRead(ctx.store.db, ticket.id, user.class)) > 0) {
      ctx.events.publish("messages.read", { ticket, readerId: user.id, readerClass: user.class });
    }
    return { ok: true };
  },

  /** Staff opened a ticket: its notifications count as read. */
  async user_ticket_visit(ctx, socket, payload) {
    const parsed = userTicketVisitPayload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation" };
    const { user, session } = socket.data;
    const ticket = await findTicket(ctx.store.db, parsed.data.ticket_id);
    if (!ticket || !ticketViewer(user, session, ticket)) return { ok: false, error: "not_found" };
    if (user.class !== "dev") return { ok: true };
    const db = ctx.store.db;
    await db
      .updateTable("notifications")
      .set({ read: 1, seen: 1 })
      .where("user_id", "=", user.id)
      .where("ticket_id", "=", ticket.id)
      .execute();
    const { unread } = await db
      .selectFrom("notifications")
      .select((eb) => eb.fn.countAll<number>().as("unread"))
      .where("user_id", "=", user.id)
      .where("read", "=", 0)
      .executeTakeFirstOrThrow();
    ctx.realtime.toUser(user.id, "number_notifications", { unread: Number(unread) });
    return { ok: true };
  },

  /** A user read an announcement: the read is kept per user, and their unread count goes out. */
  async announcement_read(ctx, socket, payload) {
    const parsed = announcementReadPayload.safeParse(payload);
    if (!parsed.success) return { ok: false, error: "validation" };
    const { user } = socket.data;
    if (!(await markAnnouncementRead(ctx.store.db, user.id, parsed.data.announcement_id)))
      return { ok: false, error: "not_found" };
    const unread = await countUnreadAnnouncements(ctx.store.db, user.id, nowSeconds());
    ctx.realtime.toUser(user.id, "announcement_unread_count", { unread });
    return { ok: true };
  },
};
