/**
 * The types the socket modules share, and the room of a session: socketServer.ts, handlers.ts,
 * recovery.ts and sessionWatch.ts all use them, and none of them imports another for its types.
 */
import type { Server, Socket } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "../../common/socket-events.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";

/** Who a socket belongs to: its live session and that session's user. */
export interface SocketUser {
  user: UserRow;
  session: SessionRow;
}

/** What a recovering socket gets back once its live session is known to be the one that left. */
export interface Restored {
  /** The recovery handle the client presented: its pid stays, the offset says what it has. */
  pid: string;
  offset: string;
  /** Chat rooms the session still may be in (the base rooms are joined on every connection). */
  rooms: string[];
  /** Events as socket.io stored them before the handshake: `[event, ...args, offset]`. */
  missedPackets: unknown[][];
}

/** What this socket's page last said on one ticket (ticketPresence.ts), with when, in epoch ms. */
export interface PresenceEntry {
  state: "viewing" | "typing";
  at: number;
}

export interface SocketData extends SocketUser {
  /** Set by the handshake for a recovered socket, taken by the connection handler. */
  restored?: Restored;
  /**
   * The ticket pages this socket is on, by ticket id. Kept in `socket.data` because another node
   * listing a room's sockets receives it: that is how every node reads the viewers of a ticket.
   */
  presence?: Record<string, PresenceEntry>;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The room of every socket of one session: where a session's end is told. */
export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}
