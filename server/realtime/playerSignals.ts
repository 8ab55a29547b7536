/**
 * Reply signals outside the open ticket: whatever moves one of a player's
 * tickets reaches that player's own user room with the ticket's unread count and their total, so
 * home, history and the tab title follow without a reload. Only the ticket's owner hears it: the
 * room is `user:{ticket.user_id}` (a member, or the temporary identity that exists for that one
 * ticket), never a room a client names.
 */
import { userRoom } from "../../common/socket-events.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { presentPlayerTicketSignal } from "../presenters/playerSignal.ts";
import { signalRowsOf } from "../repositories/playerSignals.ts";
import type { AppServer } from "./socketTypes.ts";

async function signal(ctx: AppContext, io: AppServer, changed: TicketRow, reply: boolean): Promise<void> {
  // The owner and the kind of a ticket never change; its status and last update are read again
  // with the counts: events of one write can arrive out of order, the stored row cannot.
  const scope =
    changed.type === "temp"
      ? ({ kind: "temp", userId: changed.user_id, ticketId: changed.id } as const)
      : ({ kind: "member", userId: changed.user_id } as const);
  const rows = await signalRowsOf(ctx.store.db, scope);
  const current = rows.find((row) => row.id === changed.id);
  // Gone meanwhile (deleted with its owner): nothing to tell.
  if (!current) return;
  io.to(userRoom(changed.user_id)).emit("player_ticket_signal", {
    ...presentPlayerTicketSignal(current, current.unread),
    unread_total: rows.reduce((sum, row) => sum + row.unread, 0),
    reply,
  });
}

/** A ticket's signal being sent, and the one that waits for it (null when none waits). */
interface SignalQueue {
  waiting: { ticket: TicketRow; reply: boolean } | null;
}

export function subscribePlayerSignals(ctx: AppContext, io: AppServer): void {
  // One write publishes several events (a reply, then its status change): their signals leave
  // in the order of the events, one ticket at a time, so a later count never arrives first. A
  // signal reads the stored row and counts when it leaves, so the one waiting covers every event
  // that comes meanwhile: a busy chat sends one signal per turn, not one per line, and a reply
  // among them keeps `reply`.
  const queues = new Map<number, SignalQueue>();
  const drain = async (ticketId: number, queue: SignalQueue) => {
    while (queue.waiting) {
      const { ticket, reply } = queue.waiting;
      queue.waiting = null;
      await signal(ctx, io, ticket, reply).catch((error: unknown) =>
        ctx.events.log?.error({ err: error }, "player signal fan-out failed"),
      );
    }
    queues.delete(ticketId);
  };
  const send = (ticket: TicketRow, reply: boolean) => {
    const queue = queues.get(ticket.id);
    if (queue) {
      queue.waiting = { ticket, reply: reply || (queue.waiting?.reply ?? false) };
      return;
    }
    const started: SignalQueue = { waiting: { ticket, reply } };
    queues.set(ticket.id, started);
    void drain(ticket.id, started);
  };
  ctx.events.on("message.created", ({ ticket, message }) => {
    send(ticket, message.user_class === "dev" && message.type === "message" && message.deleted === 0);
  });
  ctx.events.on("ticket.updated", ({ ticket }) => send(ticket, false));
  // Read in one tab: the other tabs' badges and title clear too.
  ctx.events.on("messages.read", ({ ticket, readerClass }) => {
    if (readerClass === "user") send(ticket, false);
  });
  // A deleted staff reply no longer counts as unread.
  ctx.events.on("message.deleted", ({ ticket }) => send(ticket, false));
}
