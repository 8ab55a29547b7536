/**
 * Who else is on a staff ticket page (collision detection, docs/decisions/realtime.md): a staff
 * socket says `ticket_presence` viewing, typing or left; the ticket's staff chat room hears
 * `ticket_viewers`, everyone on the page with their state.
 *
 * The state lives in each socket's `socket.data.presence`, with when the page last said it. A
 * room's sockets are listed with `fetchSockets`, which asks every node through the adapter and
 * brings back each socket's data, so the list is the same on every node with nothing else to keep
 * in step; a node that dies takes its sockets out of the list. A page repeats its state every
 * PRESENCE_HEARTBEAT_SECONDS; an entry older than the timeout less one sweep no longer counts, and
 * each node sweeps on a timer, so a tab that vanished without closing its socket leaves the list
 * within PRESENCE_TIMEOUT_SECONDS. A closed socket leaves its rooms, and that is heard at once.
 */

import type { TicketPresenceState, TicketViewer } from "../../common/schemas/ticketPresence.ts";
import { chatRoom } from "../../common/socket-events.ts";
import type { AppContext } from "../context.ts";
import { inOrderPerKey } from "./inOrder.ts";
import type { AppServer, AppSocket, PresenceEntry, SocketData } from "./socketTypes.ts";

const STAFF_CHAT_ROOM = /^chat:(\d+):staff$/;

/** spec/1-product-frame.md §2: an avatar value shorter than 4 characters means no picture. */
function pictureOf(avatar: string | null | undefined): string | null {
  return avatar && avatar.length >= 4 ? avatar : null;
}

/** Everyone whose page still counts (`fresh`): one row per person, typing when any of their tabs is. */
function viewersOf(
  sockets: Pick<SocketData, "user" | "presence">[],
  ticketId: number,
  fresh: (entry: PresenceEntry) => boolean,
): TicketViewer[] {
  const byUser = new Map<number, TicketViewer>();
  for (const { user, presence } of sockets) {
    const entry = presence?.[ticketId];
    if (!entry || !fresh(entry)) continue;
    const known = byUser.get(user.id);
    if (known) {
      if (entry.state === "typing") known.state = "typing";
      continue;
    }
    byUser.set(user.id, { id: user.id, name: user.name, avatar: pictureOf(user.avatar), state: entry.state });
  }
  return [...byUser.values()].sort((a, b) => a.id - b.id);
}

export class TicketPresence {
  readonly #io: AppServer;
  /** An entry this old no longer counts: one sweep later it is past the timeout. */
  readonly #staleAfterMs: number;
  readonly #sweepMs: number;
  readonly #timer: NodeJS.Timeout;
  /** What this node last told its sockets of each ticket, so that a sweep tells only a change. */
  readonly #told = new Map<number, string>();
  /** One announcement at a time per ticket, so that an older list never overtakes a newer one. */
  readonly #queue: (ticketId: number, task: () => unknown) => void;

  constructor(ctx: AppContext, io: AppServer) {
    this.#io = io;
    const timeoutMs = ctx.config.presenceTimeoutSeconds * 1000;
    this.#sweepMs = timeoutMs / 6;
    this.#staleAfterMs = timeoutMs - this.#sweepMs;
    this.#queue = inOrderPerKey((error) => ctx.events.log?.error({ err: error }, "ticket presence fan-out failed"));
    this.#timer = setInterval(() => this.#sweep(), this.#sweepMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }

  /**
   * A staff socket's page on `ticketId` is now `state` (the policy has let it). Entering, leaving
   * and changing state are told to the room; a repeat only renews the entry.
   */
  async set(socket: AppSocket, ticketId: number, state: TicketPresenceState): Promise<void> {
    socket.data.presence ??= {};
    const presence = socket.data.presence;
    const before = presence[ticketId];
    if (state === "left") {
      if (!before) return;
      delete presence[ticketId];
    } else {
      presence[ticketId] = { state, at: Date.now() };
      const room = chatRoom(ticketId, "staff");
      if (!socket.rooms.has(room)) await socket.join(room);
      if (before?.state === state) return;
    }
    this.announce(ticketId);
  }

  /** A socket left a ticket's staff room (its page closed, or the socket did): its entry goes. */
  forget(socket: AppSocket | undefined, ticketId: number): void {
    if (!socket?.data.presence?.[ticketId]) return;
    delete socket.data.presence[ticketId];
    this.announce(ticketId);
  }

  /** Tells the ticket's staff room, on every node, who is on the page now. */
  announce(ticketId: number): void {
    this.#queue(ticketId, async () => {
      const viewers = await this.#viewers(ticketId);
      this.#told.set(ticketId, JSON.stringify(viewers));
      this.#io.to(chatRoom(ticketId, "staff")).emit("ticket_viewers", { ticket_id: ticketId, viewers });
    });
  }

  async #viewers(ticketId: number): Promise<TicketViewer[]> {
    const sockets = await this.#io.in(chatRoom(ticketId, "staff")).fetchSockets();
    const now = Date.now();
    return viewersOf(
      sockets.map((s) => s.data),
      ticketId,
      (entry) => now - entry.at < this.#staleAfterMs,
    );
  }

  /**
   * Drops this node's entries that went stale, then reads each ticket this node's sockets are on
   * again and tells this node's sockets when the list changed: a stale entry on another node, or a
   * node that died, shows here within one sweep without any node speaking for another.
   */
  #sweep(): void {
    const now = Date.now();
    const tickets = new Set<number>();
    for (const socket of this.#io.of("/").sockets.values()) {
      const presence = socket.data.presence;
      if (!presence) continue;
      for (const [key, entry] of Object.entries(presence)) {
        if (now - entry.at >= this.#staleAfterMs) delete presence[key];
        tickets.add(Number(key));
      }
    }
    for (const ticketId of this.#told.keys()) if (!tickets.has(ticketId)) this.#told.delete(ticketId);
    for (const ticketId of tickets) {
      this.#queue(ticketId, async () => {
        const viewers = await this.#viewers(ticketId);
        const told = JSON.stringify(viewers);
        if (this.#told.get(ticketId) === told) return;
        this.#told.set(ticketId, told);
        this.#io.local.to(chatRoom(ticketId, "staff")).emit("ticket_viewers", { ticket_id: ticketId, viewers });
      });
    }
  }
}

const trackers = new WeakMap<AppServer, TicketPresence>();

/** Starts the node's presence: the sweep, and the room leaves that end a page's entry. */
export function subscribeTicketPresence(ctx: AppContext, io: AppServer): TicketPresence {
  const presence = new TicketPresence(ctx, io);
  trackers.set(io, presence);
  io.httpServer?.once("close", () => presence.stop());
  io.of("/").adapter.on("leave-room", (room: string, socketId: string) => {
    const match = STAFF_CHAT_ROOM.exec(room);
    if (match) presence.forget(io.of("/").sockets.get(socketId), Number(match[1]));
  });
  return presence;
}

/** The presence of the node a socket is on (subscribeTicketPresence started it). */
export function ticketPresenceOf(socket: AppSocket): TicketPresence {
  const presence = trackers.get(socket.nsp.server);
  if (!presence) throw new Error("ticket presence was not started on this server");
  return presence;
}
