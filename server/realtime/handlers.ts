/**
 * One handler per inbound socket event, each declared with the event's zod schema: the handler
 * gets the parsed, typed payload, asks the policy, and answers through the acknowledgement. A
 * malformed payload never reaches a handler (it is answered `validation`), and a refused event
 * changes nothing.
 */
import type { z } from "zod";
import {
  type AckAnswer,
  type ClientEventAnswers,
  type ClientEventName,
  clientEventSchemas,
} from "../../common/socket-events.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { inputIssue } from "../http/inputGuard.ts";
import { chatAudience, isStaff } from "../policies/policy.ts";
import { allowedRoom } from "../policies/rooms.ts";
import { presenceSenderRefusal, ticketPresenceRefusal } from "../policies/ticketPresence.ts";
import { ticketViewer } from "../policies/tickets.ts";
import { presentUnreadChats } from "../presenters/chatList.ts";
import { presentMessageFor, presentStaffMessage } from "../presenters/message.ts";
import { presentNote } from "../presenters/note.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { activeChatIds } from "../repositories/activeChats.ts";
import { countUnreadAnnouncements, markAnnouncementRead } from "../repositories/content.ts";
import {
  countUnreadNotifications,
  markTicketNotesRead,
  markTicketNotificationsRead,
  unreadCounts,
} from "../repositories/notifications.ts";
import { findTicket } from "../repositories/tickets.ts";
import { deleteNote, editNote } from "../usecases/changeNote.ts";
import { deleteChatMessage } from "../usecases/deleteChatMessage.ts";
import { editChatMessage } from "../usecases/editChatMessage.ts";
import { clearChatUnreadMark } from "../usecases/markChatUnread.ts";
import { readChat } from "../usecases/readChat.ts";
import { sendChatMessage } from "../usecases/sendChatMessage.ts";
import { sendNote } from "../usecases/sendNote.ts";
import type { AppSocket } from "./socketTypes.ts";
import { ticketPresenceOf } from "./ticketPresence.ts";

export interface EventHandler<Answer = unknown> {
  /** Parses the raw payload and runs the handler on it; a malformed payload is answered here. */
  run(ctx: AppContext, socket: AppSocket, payload: unknown): Promise<AckAnswer<Answer>>;
}

/** A handler bound to its payload schema: `fn` only ever sees a payload the schema accepted. */
export function defineHandler<S extends z.ZodType, Answer = undefined>(
  schema: S,
  fn: (ctx: AppContext, socket: AppSocket, payload: z.output<S>) => Promise<AckAnswer<Answer>>,
): EventHandler<Answer> {
  return {
    async run(ctx, socket, payload) {
      // The same input rules as HTTP: no NUL in text, no absurd nesting (inputGuard).
      if (inputIssue(payload, "payload")) return { ok: false, error: "validation" };
      const parsed = schema.safeParse(payload);
      if (!parsed.success) return { ok: false, error: "validation" };
      return fn(ctx, socket, parsed.data);
    },
  };
}

function errorCode(error: unknown): string {
  if (error instanceof AppError) return error.code;
  throw error;
}

type HandlerMap = { [E in ClientEventName]: EventHandler<ClientEventAnswers[E]> };

export const eventHandlers: HandlerMap = {
  join_chatroom: defineHandler(clientEventSchemas.join_chatroom, async (ctx, socket, payload) => {
    const room = await allowedRoom(ctx, socket.data, payload.room_id);
    if (!room) return { ok: false, error: "forbidden" };
    await socket.join(room);
    return { ok: true };
  }),

  leave_chatroom: defineHandler(clientEventSchemas.leave_chatroom, async (ctx, socket, payload) => {
    const room = await allowedRoom(ctx, socket.data, payload.room_id);
    if (room) await socket.leave(room);
    return { ok: true };
  }),

  /** The socket twin of POST /api/new-chat-message; attachments come from upload-files. */
  send_message: defineHandler(clientEventSchemas.send_message, async (ctx, socket, payload) => {
    const { messageObj } = payload;
    const { user, session } = socket.data;
    try {
      const { message } = await sendChatMessage(ctx, user, session, {
        ticketId: messageObj.chatId,
        message: messageObj.message,
        replyTo: messageObj.reply_to ?? payload.reply_to ?? payload.replyTo ?? null,
        uploadedNames: messageObj.attachments,
        newFiles: [],
        ip: socket.handshake.address || "NOT FOUND",
        clientId: messageObj.client_id,
      });
      return { ok: true, data: presentMessageFor(message, chatAudience(user)) };
    } catch (error) {
      return { ok: false, error: errorCode(error) };
    }
  }),

  /** The reader has seen the chat: the other side's messages become read (staff see ticks). */
  messages_read: defineHandler(clientEventSchemas.messages_read, async (ctx, socket, payload) => {
    const { user, session } = socket.data;
    const ticket = await findTicket(ctx.store.db, payload.chat_id);
    if (!ticket || !ticketViewer(user, session, ticket)) return { ok: false, error: "not_found" };
    await readChat(ctx, ticket, user);
    return { ok: true };
  }),

  /**
   * Staff see a ticket (the page is open and visible): its notifications, others' notes and the
   * caller's own unread mark count as read.
   */
  user_ticket_visit: defineHandler(clientEventSchemas.user_ticket_visit, async (ctx, socket, payload) => {
    const { user, session } = socket.data;
    const ticket = await findTicket(ctx.store.db, payload.ticket_id);
    if (!ticket || !ticketViewer(user, session, ticket)) return { ok: false, error: "not_found" };
    if (!isStaff(user)) return { ok: true };
    // Seeing the ticket is seeing its conversation: read here too, so that the unread counts the
    // page asks for after this answer cannot be read before the chat's own read has landed.
    await readChat(ctx, ticket, user);
    await markTicketNotificationsRead(ctx.store.db, user.id, ticket.id);
    await markTicketNotesRead(ctx.store.db, user.id, ticket.id);
    await clearChatUnreadMark(ctx, user.id, ticket.id);
    const unread = await countUnreadNotifications(ctx.store.db, user.id);
    ctx.realtime.toUser(user.id, "number_notifications", { unread });
    return { ok: true };
  }),

  /** A user read an announcement: the read is kept per user, and their unread count goes out. */
  announcement_read: defineHandler(clientEventSchemas.announcement_read, async (ctx, socket, payload) => {
    const { user } = socket.data;
    if (!(await markAnnouncementRead(ctx.store.db, user.id, payload.announcement_id)))
      return { ok: false, error: "not_found" };
    const unread = await countUnreadAnnouncements(ctx.store.db, user.id, nowSeconds());
    ctx.realtime.toUser(user.id, "announcement_unread_count", { unread });
    return { ok: true };
  }),

  // ---- Staff edit and delete their own messages (spec/2-staff-ticket-work.md §4, §6)
  edit_message: defineHandler(clientEventSchemas.edit_message, async (ctx, socket, payload) => {
    const { user, session } = socket.data;
    try {
      const ref = { ticketId: payload.chat_id, messageId: payload.message_id };
      const { message } = await editChatMessage(ctx, user, session, { ...ref, message: payload.message });
      return { ok: true, data: presentStaffMessage(message) };
    } catch (error) {
      return { ok: false, error: errorCode(error) };
    }
  }),

  delete_message: defineHandler(clientEventSchemas.delete_message, async (ctx, socket, payload) => {
    const { user, session } = socket.data;
    try {
      const ref = { ticketId: payload.chat_id, messageId: payload.message_id };
      const { message } = await deleteChatMessage(ctx, user, session, ref);
      return { ok: true, data: presentStaffMessage(message) };
    } catch (error) {
      return { ok: false, error: errorCode(error) };
    }
  }),

  // ---- Staff-only internal notes (spec/2-staff-ticket-work.md §3, §7); players are refused on every one
  send_note: defineHandler(clientEventSchemas.send_note, async (ctx, socket, payload) => {
    try {
      const { note } = await sendNote(ctx, socket.data.user, {
        ticketId: payload.notes_id,
        message: payload.message,
        replyToId: payload.reply_to?.id ?? null,
      });
      return { ok: true, data: presentNote(note) };
    } catch (error) {
      return { ok: false, error: errorCode(error) };
    }
  }),

  edit_note: defineHandler(clientEventSchemas.edit_note, async (ctx, socket, payload) => {
    try {
      const ref = { ticketId: payload.notes_id, noteId: payload.message_id };
      const { note } = await editNote(ctx, socket.data.user, { ...ref, message: payload.message });
      return { ok: true, data: presentNote(note) };
    } catch (error) {
      return { ok: false, error: errorCode(error) };
    }
  }),

  delete_note: defineHandler(clientEventSchemas.delete_note, async (ctx, socket, payload) => {
    try {
      const ref = { ticketId: payload.notes_id, noteId: payload.message_id };
      const { note } = await deleteNote(ctx, socket.data.user, ref);
      return { ok: true, data: presentNote(note) };
    } catch (error) {
      return { ok: false, error: errorCode(error) };
    }
  }),

  // ---- chat list and notifications (spec/2-staff-ticket-work.md §7): staff only, always the caller's own

  /** Answered with the ack and `number_notifications` to all of the user's tabs. */
  get_number_of_notifications: defineHandler(clientEventSchemas.get_number_of_notifications, async (ctx, socket) => {
    const { user } = socket.data;
    if (!isStaff(user)) return { ok: false, error: "forbidden" };
    const unread = await countUnreadNotifications(ctx.store.db, user.id);
    ctx.realtime.toUser(user.id, "number_notifications", { unread });
    return { ok: true, data: { unread } };
  }),

  /** Unread info for the tickets of the caller's chat list; `user_id` must be the caller. */
  get_unread_messages: defineHandler(clientEventSchemas.get_unread_messages, async (ctx, socket, payload) => {
    const { user } = socket.data;
    if (!isStaff(user) || payload.user_id !== user.id) return { ok: false, error: "forbidden" };
    const ids = await activeChatIds(ctx.store.db, user.id);
    const unread_chats = presentUnreadChats(await unreadCounts(ctx.store.db, user.id, ids));
    socket.emit("unread_messages", { unread_chats });
    return { ok: true, data: { unread_chats } };
  }),

  /**
   * A staff page on a ticket is viewing, typing or has left (collision detection): its own limit,
   * on top of every event's, since a page repeats it while open.
   */
  ticket_presence: defineHandler(clientEventSchemas.ticket_presence, async (ctx, socket, payload) => {
    const { user, session } = socket.data;
    const sender = presenceSenderRefusal(user);
    if (sender) return { ok: false, error: sender };
    const limit = await ctx.limits.consume(`ticket-presence:user:${user.id}`, RATE_LIMITS.ticketPresence);
    if (!limit.allowed) return { ok: false, error: "rate_limited" };
    const refusal = ticketPresenceRefusal(user, session, await findTicket(ctx.store.db, payload.ticket_id));
    if (refusal) return { ok: false, error: refusal };
    await ticketPresenceOf(socket).set(socket, payload.ticket_id, payload.state);
    return { ok: true };
  }),
};
