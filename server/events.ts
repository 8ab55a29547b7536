/**
 * Domain events: a use case writes its rows, commits, then publishes what happened. The realtime
 * layer subscribes and fans out to the right rooms with the right presenter. Nothing is announced
 * before it is stored.
 */
import type { FastifyBaseLogger } from "fastify";
import type { ChatMessageRow, NoteRow, TicketRow } from "./db/schema.ts";
import type { NotificationRow } from "./repositories/notifications.ts";

export interface DomainEvents {
  /** A chat message was stored (player reply, staff reply, system message such as member_resolved). */
  "message.created": { ticket: TicketRow; message: ChatMessageRow };
  /** A ticket's status, category, priority, assignee or ban flag changed. */
  "ticket.updated": { ticket: TicketRow };
  /** A new ticket was filed. */
  "ticket.created": { ticket: TicketRow };
  /** Chat messages of a ticket were read by `readerId` (read ticks). */
  "messages.read": { ticket: TicketRow; readerId: number; readerClass: "dev" | "user" };
  /** A ticket got a new assignee (or none): chat lists and the assignee's notification follow. */
  "ticket.assigned": { ticket: TicketRow; previousAssignee: number | null; byUserId: number };
  /** A staff member edited their chat message. */
  "message.edited": { ticket: TicketRow; message: ChatMessageRow };
  /** A staff member deleted their chat message; the row stays, flagged deleted. */
  "message.deleted": { ticket: TicketRow; message: ChatMessageRow };
  /** A staff member got a notification (assignment, new message, tag). */
  "notification.created": { notification: NotificationRow; ticket: TicketRow };
  /** An internal note was written, edited or deleted (notes; staff only). */
  "note.created": { ticket: TicketRow; note: NoteRow };
  "note.edited": { ticket: TicketRow; note: NoteRow };
  "note.deleted": { ticket: TicketRow; note: NoteRow };
  /** Tickets entered a staff member's chat list (by hand, by assignment or by their reply). */
  "chatList.added": { userId: number; tickets: ChatListTicket[] };
  /** Tickets left a staff member's chat list. */
  "chatList.removed": { userId: number; ticketIds: number[] };
  /** A staff member pinned or unpinned a ticket of their list. */
  "chatList.pinned": { userId: number; ticketId: number; pinned: boolean };
  /** A staff member's own unread mark on a chat changed (Mark unread, or their visit cleared it). */
  "chatList.unreadChanged": { userId: number; ticketId: number };
  /** A staff member marked all their notifications read. */
  "notifications.allRead": { userId: number };
}

/** A ticket of a chat list with the row's pin flag. */
export type ChatListTicket = TicketRow & { pinned: number };

type Listener<K extends keyof DomainEvents> = (event: DomainEvents[K]) => void;

export class EventBus {
  readonly #listeners = new Map<keyof DomainEvents, Listener<never>[]>();
  readonly log: Pick<FastifyBaseLogger, "error"> | undefined;

  /** Failing listeners are logged through this (the app's pino logger). */
  constructor(log?: Pick<FastifyBaseLogger, "error">) {
    this.log = log;
  }

  on<K extends keyof DomainEvents>(name: K, listener: Listener<K>): void {
    const list = this.#listeners.get(name) ?? [];
    list.push(listener as Listener<never>);
    this.#listeners.set(name, list);
  }

  /** Listeners run synchronously after the write; one failing listener does not stop the others. */
  publish<K extends keyof DomainEvents>(name: K, event: DomainEvents[K]): void {
    for (const listener of this.#listeners.get(name) ?? []) {
      try {
        (listener as Listener<K>)(event);
      } catch (error) {
        this.log?.error({ err: error, event: name }, "event listener failed");
      }
    }
  }
}
