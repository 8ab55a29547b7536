/**
 * Turns domain events into socket messages: each audience gets its own presentation (a player's
 * room never receives ip_origin, read ticks or staff-only message types).
 */
import { chatRoom, notesRoom, STAFF_ROOM, userRoom } from "../../common/socket-events.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import type { AppContext } from "../context.ts";
import { isVisibleTo } from "../policies/chatMessages.ts";
import { ticketAbilitiesFor } from "../policies/ticketAbilities.ts";
import { presentChatTicket, presentUnreadChat } from "../presenters/chatList.ts";
import { presentPlayerMessage, presentStaffMessage } from "../presenters/message.ts";
import { presentNote } from "../presenters/note.ts";
import { presentNotification } from "../presenters/notification.ts";
import { presentPlayerTicketPing, presentStaffTicketPing } from "../presenters/ticket.ts";
import { countUnreadNotifications, unreadCounts, unreadCountsForHolders } from "../repositories/notifications.ts";
import { findUserById } from "../repositories/users.ts";
import { inOrderPerKey } from "./inOrder.ts";
import { subscribePlayerSignals } from "./playerSignals.ts";
import { subscribePresence } from "./presence.ts";
import type { AppServer } from "./socketTypes.ts";
import { subscribeTicketPresence } from "./ticketPresence.ts";

export function subscribeFanout(ctx: AppContext, io: AppServer): void {
  // The 'User online' label of the staff chat.
  subscribePresence(ctx, io);
  // Who else is on a staff ticket page (collision detection).
  subscribeTicketPresence(ctx, io);

  ctx.events.on("message.created", ({ ticket, message }) => {
    // A ban or unban line reaches the staff room as spec/2-staff-ticket-work.md §7's banned_message, in the
    // same staff presentation; every other line is a new_message.
    const staffEvent = message.type === "ban_message" ? "banned_message" : "new_message";
    io.to(chatRoom(ticket.id, "staff")).emit(staffEvent, { ...presentStaffMessage(message) });
    if (isVisibleTo(message, "owner"))
      io.to(chatRoom(ticket.id, "player")).emit("new_message", { ...presentPlayerMessage(message) });
  });

  // An edit or delete reaches both audiences in their own presentation.
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

  // The notes room holds staff sockets only (join_chatroom refuses anyone else).
  ctx.events.on("note.created", ({ ticket, note }) => {
    io.to(notesRoom(ticket.id)).emit("new_note", presentNote(note));
  });
  ctx.events.on("note.edited", ({ ticket, note }) => {
    io.to(notesRoom(ticket.id)).emit("edited_note", presentNote(note));
  });
  ctx.events.on("note.deleted", ({ ticket, note }) => {
    io.to(notesRoom(ticket.id)).emit("deleted_note", presentNote(note));
  });
  subscribeChatListFanout(ctx, io);
  // A player's home, history and title follow their tickets.
  subscribePlayerSignals(ctx, io);
}

/**
 * The sidebar chat list and notifications: each goes to one staff member's tabs only. A staff
 * member's chat-list events leave in the order they happened (see inOrderPerKey).
 */
function subscribeChatListFanout(ctx: AppContext, io: AppServer): void {
  const forUser = inOrderPerKey<number>((error) => ctx.events.log?.error({ err: error }, "chat list fan-out failed"));
  // The tickets carry what this one employee may do on them, as the list's HTTP answer does.
  ctx.events.on("chatList.added", ({ userId, tickets }) => {
    forUser(userId, async () => {
      const holder = await findUserById(ctx.store.db, userId);
      if (!holder) return;
      const abilities = await ticketAbilitiesFor(ctx.store.db, holder, tickets);
      for (const ticket of tickets)
        io.to(userRoom(userId)).emit("new_active_chat", { ticket: presentChatTicket(ticket, abilities(ticket)) });
    });
  });
  ctx.events.on("chatList.removed", ({ userId, ticketIds }) => {
    forUser(userId, () => {
      for (const ticket_id of ticketIds) io.to(userRoom(userId)).emit("remove_active_chat", { ticket_id });
    });
  });
  ctx.events.on("chatList.pinned", ({ userId, ticketId, pinned }) => {
    forUser(userId, () => io.to(userRoom(userId)).emit("ticket_pinned", { ticket_id: ticketId, pinned }));
  });
  // Mark unread, or the visit that clears it: the user's tabs get the chat's unread info anew.
  ctx.events.on("chatList.unreadChanged", ({ userId, ticketId }) => {
    forUser(userId, async () => {
      const [counts] = await unreadCounts(ctx.store.db, userId, [ticketId]);
      if (counts) io.to(userRoom(userId)).emit("unread_message", { unread_chat: presentUnreadChat(counts) });
    });
  });
  ctx.events.on("notifications.allRead", ({ userId }) => {
    io.to(userRoom(userId)).emit("mark_all_read", {});
    io.to(userRoom(userId)).emit("number_notifications", { unread: 0 });
  });
  // A chat's unread marks go out in the order of the changes: a message that came, then the read
  // that followed it, never the other way round.
  const forTicket = inOrderPerKey<number>((error) => ctx.events.log?.error({ err: error }, "unread fan-out failed"));
  /** The chat's unread marks to each holder (but `exceptUserId`), in one statement for all. */
  const announceUnread = (ticketId: number, exceptUserId: number | null) =>
    forTicket(ticketId, async () => {
      const counts = await unreadCountsForHolders(ctx.store.db, ticketId, exceptUserId);
      for (const [userId, unread] of counts) {
        io.to(userRoom(userId)).emit("unread_message", { unread_chat: presentUnreadChat(unread) });
      }
    });
  // A new message in a chat of someone's list: its unread marks, to each holder but the writer.
  ctx.events.on("message.created", ({ ticket, message }) => announceUnread(ticket.id, message.sender_id));
  // Staff saw the player's messages: the badge clears in every holder's list, not only at a reply.
  ctx.events.on("messages.read", ({ ticket, readerClass }) => {
    if (readerClass === "dev") announceUnread(ticket.id, null);
  });
}
