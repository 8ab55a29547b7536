/**
 * The sidebar chat list, pins and notifications (spec/2-staff-ticket-work.md §7). Staff only; every call acts on the
 * session's own list and notifications, whatever ids the body names (bulk removal's userId is
 * ignored).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { ticketAbilitiesFor } from "../policies/ticketAbilities.ts";
import { presentChatTicket, presentUnreadChat } from "../presenters/chatList.ts";
import { presentNotification } from "../presenters/notification.ts";
import { activeChatIds, activeChats, pinOf } from "../repositories/activeChats.ts";
import { countNotifications, countUnreadNotifications, listNotifications } from "../repositories/notifications.ts";
import { findTicket } from "../repositories/tickets.ts";
import { addTicketsToChatList } from "../usecases/addTicketsToChatList.ts";
import { markAllNotificationsReadFor } from "../usecases/markAllNotificationsRead.ts";
import { markChatUnread } from "../usecases/markChatUnread.ts";
import { pinChatTicket } from "../usecases/pinChatTicket.ts";
import { removeTicketsFromChatList } from "../usecases/removeTicketsFromChatList.ts";

export function chatListRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;
  /** Add and remove answer the list's ids after the change. */
  const idsOf = async (userId: number) => ({ active_chat_ids: await activeChatIds(db, userId) });

  return async (app) => {
    route(app, ctx, "fetchActiveChatIds", async (request) => idsOf(requireUser(request).id));

    route(app, ctx, "fetchActiveChats", async (request) => {
      const staff = requireUser(request);
      const tickets = await activeChats(db, staff.id);
      const abilities = await ticketAbilitiesFor(db, staff, tickets);
      return { tickets: tickets.map((ticket) => presentChatTicket(ticket, abilities(ticket))) };
    });

    route(app, ctx, "addTicketToChat", async (request) => {
      const staff = requireUser(request);
      await addTicketsToChatList(ctx, staff.id, [request.body.ticket_id]);
      return idsOf(staff.id);
    });

    route(app, ctx, "addTicketsToChat", async (request) => {
      const staff = requireUser(request);
      await addTicketsToChatList(ctx, staff.id, request.body.ticket_ids);
      return idsOf(staff.id);
    });

    route(app, ctx, "removeTicketFromChat", async (request) => {
      const staff = requireUser(request);
      await removeTicketsFromChatList(ctx, staff.id, [request.body.ticket_id]);
      return idsOf(staff.id);
    });

    route(app, ctx, "removeTicketsFromChat", async (request) => {
      // The body's userId is the client's echo of who it thinks it is: never trusted.
      const staff = requireUser(request);
      await removeTicketsFromChatList(ctx, staff.id, request.body.ticket_ids);
      return idsOf(staff.id);
    });

    route(app, ctx, "isPinnedTicket", async (request) => {
      const staff = requireUser(request);
      if (!(await findTicket(db, request.body.id))) throw new AppError("not_found");
      return { pinned: (await pinOf(db, staff.id, request.body.id)) ?? false };
    });

    route(app, ctx, "pinTicket", async (request) =>
      pinChatTicket(ctx, requireUser(request).id, request.body.id, request.body.pinned),
    );

    route(app, ctx, "markChatUnread", async (request) => ({
      unread_chat: presentUnreadChat(await markChatUnread(ctx, requireUser(request).id, request.body.ticket_id)),
    }));

    route(app, ctx, "getNotifications", async (request) => {
      const staff = requireUser(request);
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
            {
              id: row.ticket_id,
              email: row.ticket_email,
              created_at: row.ticket_number,
              subject: row.ticket_subject,
              name: row.player_name,
            },
            row.by_user_id === null || row.by_name === null
              ? null
              : { id: row.by_user_id, name: row.by_name, avatar: row.by_avatar },
          ),
        ),
        unread,
        total,
      };
    });

    route(app, ctx, "markAllNotificationsRead", async (request) =>
      markAllNotificationsReadFor(ctx, requireUser(request).id),
    );
  };
}
