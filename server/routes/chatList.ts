/**
 * The sidebar chat list, pins and notifications (spec 2 §7). Staff only; every call acts on the
 * session's own list and notifications, whatever ids the body names (bulk removal's userId is
 * ignored).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
  notificationsResponse,
  pinTicketBody,
  pinTicketResponse,
  removeTicketFromChatBody,
  removeTicketsFromChatBody,
} from "../../common/schemas/chatList.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { requireUser } from "../http/session.ts";
import { requireStaff } from "../policies/policy.ts";
import { ticketAbilitiesFor } from "../policies/ticketAbilities.ts";
import { presentChatTicket } from "../presenters/chatList.ts";
import { presentNotification } from "../presenters/notification.ts";
import { activeChatIds, activeChats, pinOf } from "../repositories/activeChats.ts";
import { countNotifications, countUnreadNotifications, listNotifications } from "../repositories/notifications.ts";
import { findTicket } from "../repositories/tickets.ts";
import { addTicketsToChatList } from "../usecases/addTicketsToChatList.ts";
import { markAllNotificationsReadFor } from "../usecases/markAllNotificationsRead.ts";
import { pinChatTicket } from "../usecases/pinChatTicket.ts";
import { removeTicketsFromChatList } from "../usecases/removeTicketsFromChatList.ts";

const schemas = {
  ids: { response: { 200: activeChatIdsResponse } },
  chats: { response: { 200: activeChatsResponse } },
  addOne: { body: addTicketToChatBody, response: { 200: chatListChangeResponse } },
  addMany: { body: addTicketsToChatBody, response: { 200: chatListChangeResponse } },
  removeOne: { body: removeTicketFromChatBody, response: { 200: chatListChangeResponse } },
  removeMany: { body: removeTicketsFromChatBody, response: { 200: chatListChangeResponse } },
  isPinned: { body: isPinnedTicketBody, response: { 200: isPinnedResponse } },
  pin: { body: pinTicketBody, response: { 200: pinTicketResponse } },
  notifications: { body: getNotificationsBody, response: { 200: notificationsResponse } },
  markAllRead: { response: { 200: markAllReadResponse } },
};

export function chatListRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;
  /** Add and remove answer the list's ids after the change. */
  const idsOf = async (userId: number) => ({ active_chat_ids: await activeChatIds(db, userId) });

  return async (app) => {
    app.get("/api/fetch-active-chat-ids", { schema: schemas.ids }, async (request) => {
      const staff = requireStaff(requireUser(request));
      return idsOf(staff.id);
    });

    app.get("/api/fetch-active-chats", { schema: schemas.chats }, async (request) => {
      const staff = requireStaff(requireUser(request));
      const tickets = await activeChats(db, staff.id);
      const abilities = await ticketAbilitiesFor(db, staff, tickets);
      return { tickets: tickets.map((ticket) => presentChatTicket(ticket, abilities(ticket))) };
    });

    app.post("/api/add-ticket-to-chat", { schema: schemas.addOne }, async (request) => {
      const staff = requireStaff(requireUser(request));
      await addTicketsToChatList(ctx, staff.id, [request.body.ticket_id]);
      return idsOf(staff.id);
    });

    app.post("/api/add-tickets-to-chat", { schema: schemas.addMany }, async (request) => {
      const staff = requireStaff(requireUser(request));
      await addTicketsToChatList(ctx, staff.id, request.body.ticket_ids);
      return idsOf(staff.id);
    });

    app.post("/api/remove-ticket-from-chat", { schema: schemas.removeOne }, async (request) => {
      const staff = requireStaff(requireUser(request));
      await removeTicketsFromChatList(ctx, staff.id, [request.body.ticket_id]);
      return idsOf(staff.id);
    });

    app.post("/api/remove-tickets-from-chat", { schema: schemas.removeMany }, async (request) => {
      // The body's userId is the client's echo of who it thinks it is: never trusted.
      const staff = requireStaff(requireUser(request));
      await removeTicketsFromChatList(ctx, staff.id, request.body.ticket_ids);
      return idsOf(staff.id);
    });

    app.post("/api/is-pinned-ticket", { schema: schemas.isPinned }, async (request) => {
      const staff = requireStaff(requireUser(request));
      if (!(await findTicket(db, request.body.id))) throw new AppError("not_found");
      return { pinned: (await pinOf(db, staff.id, request.body.id)) ?? false };
    });

    app.post("/api/pin-ticket", { schema: schemas.pin }, async (request) => {
      const staff = requireStaff(requireUser(request));
      return pinChatTicket(ctx, staff.id, request.body.id, request.body.pinned);
    });

    app.post("/api/notification/get-notifications", { schema: schemas.notifications }, async (request) => {
      const staff = requireStaff(requireUser(request));
      const { n_first, unread_only, type } = request.body;
      const rows = await listNotifications(db, staff.id, {
        limit: n_first,
        unreadOnly: unread_only,
        type: type === undefined || type === "all" ? null : type,
      });
      const [unread, total] = await Promise.all([
        countUnreadNotifications(db, staff.id),
        countNotifications(db, staff.id),
      ]);
      return {
        notifications: rows.map((row) =>
          presentNotification(
            row,
            { id: row.ticket_id, email: row.ticket_email, created_at: row.ticket_number },
            row.by_user_id === null || row.by_name === null
              ? null
              : { id: row.by_user_id, name: row.by_name, avatar: row.by_avatar },
          ),
        ),
        unread,
        total,
      };
    });

    app.post("/api/notification/mark-all-read", { schema: schemas.markAllRead }, async (request) => {
      const staff = requireStaff(requireUser(request));
      return markAllNotificationsReadFor(ctx, staff.id);
    });
  };
}
