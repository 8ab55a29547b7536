/**
 * Turns domain events into socket messages: each audience gets its own presentation (a player's
 * room never receives ip_origin, read ticks or staff-only message types).
 */
import { chatRoom, STAFF_ROOM, userRoom } from "../../common/socket-events.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import type { AppContext } from "../context.ts";
import { isVisibleTo, presentPlayerMessage, presentStaffMessage } from "../presenters/message.ts";
import { presentNotification } from "../presenters/notification.ts";
import { presentPlayerTicketPing, presentStaffTicketPing } from "../presenters/ticket.ts";
import { countUnreadNotifications } from "../repositories/notifications.ts";
import { subscribePresence } from "./presence.ts";
import type { AppServer } from "./socketServer.ts";

export function subscribeFanout(ctx: AppContext, io: AppServer): void {
  // staffchat: the 'User online' label of the staff chat.
  subscribePresence(ctx, io);

  ctx.events.on("message.created", ({ ticket, message }) => {
    io.to(chatRoom(ticket.id, "staff")).emit("new_message", { ...presentStaffMessage(message) });
    if (isVisibleTo(message, "owner"))
      io.to(chatRoom(ticket.id, "player")).emit("new_message", { ...presentPlayerMessage(message) });
  });

  // staffchat: an edit or delete reaches both audiences in their own presentation.
  for (const [domainEvent, socketEvent] of [
    ["message.edited", "edited_message"],
    ["message.deleted", "deleted_message"],
  ] as const) {
    ctx.events.on(domainEvent, ({ ticket, message }) => {
      io.to(chatRoom(ticket.id, "staff")).emit(socketEvent, { ...presentStaffMessage(message) });
      if (isVisibleTo(message, "owner"))
        io.to(chatRoom(ticket.id, "player")).emit(socketEvent, { ...presentPlayerMessage(message) });
    });
  }

  ctx.events.on("messages.read", ({ ticket, readerClass }) => {
    io.to(chatRoom(ticket.id, "staff")).emit("messages_read", {
      chat_id: encodeChatId(ticket.id),
      ticket_id: ticket.id,
      reader_class: readerClass,
    });
  });

  ctx.events.on("ticket.updated", ({ ticket }) => {
    io.to(STAFF_ROOM).emit("ticket_updated_ping", presentStaffTicketPing(ticket));
    // The player's open ticket page learns of status changes too, in the player's own shape.
    io.to(chatRoom(ticket.id, "player")).emit("ticket_updated_ping", presentPlayerTicketPing(ticket));
  });

  ctx.events.on("ticket.created", ({ ticket }) => {
    io.to(STAFF_ROOM).emit("ticket_updated_ping", presentStaffTicketPing(ticket));
  });

  // Staff pages showing the ticket refresh; a player never learns who handles their ticket.
  ctx.events.on("ticket.assigned", ({ ticket }) => {
    io.to(STAFF_ROOM).emit("ticket_assigned", { ticket_id: ticket.id, assignedTo: ticket.assigned_to });
  });

  // The recipient's tabs get the notification and their new unread count.
  ctx.events.on("notification.created", ({ notification, ticket }) => {
    const userId = notification.user_id;
    void (async () => {
      const by =
        notification.by_user_id === null
          ? null
          : ((await ctx.store.db
              .selectFrom("users")
              .select(["id", "name", "avatar"])
              .where("id", "=", notification.by_user_id)
              .executeTakeFirst()) ?? null);
      io.to(userRoom(userId)).emit("new_notification", presentNotification(notification, ticket, by));
      io.to(userRoom(userId)).emit("number_notifications", {
        unread: await countUnreadNotifications(ctx.store.db, userId),
      });
    })().catch((error: unknown) => ctx.events.log?.error({ err: error }, "notification fan-out failed"));
  });
}
