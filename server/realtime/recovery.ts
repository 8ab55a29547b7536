/**
 * Connection-state recovery that belongs to the live session that left.
 *
 * socket.io restores a recovered socket in its constructor, before any middleware runs: it takes
 * the old socket's id, pid, rooms and `socket.data`, and writes the packets the old socket missed
 * straight to the new connection. Anyone who presents an old `pid` and offset would get all of
 * that, whoever they are. So the adapter's `restoreSession` hands socket.io a sealed, fresh
 * session instead (new id and pid, no rooms, nothing to replay) and keeps the old state inside
 * it; the handshake middleware, once it knows the caller's live session, either restores that
 * state ({@link settleRecovery}) or drops it, and the socket starts fresh.
 */
import { randomBytes } from "node:crypto";
import { STAFF_ROOM, userRoom } from "../../common/socket-events.ts";
import type { AppContext } from "../context.ts";
import { mayStayInChatRoom } from "./handlers.ts";
import { type AppServer, type AppSocket, type SocketData, type SocketUser, sessionRoom } from "./socketServer.ts";

type Adapter = AppServer["sockets"]["adapter"];
/** What socket.io persisted of a socket that lost its connection, with the packets it missed. */
export type PersistedSession = NonNullable<Awaited<ReturnType<Adapter["restoreSession"]>>>;

/** What a recovering socket gets back once its live session is known to be the one that left. */
export interface Restored {
  /** Chat rooms the session still may be in (the base rooms are joined on every connection). */
  rooms: string[];
  /** Events as socket.io stored them: `[event, ...args, offset]`. */
  missedPackets: unknown[][];
}

const SEALED = Symbol("sealed recovery");

/** socket.io's id format: 15 random bytes, base64 (20 characters). */
function freshId(): string {
  return randomBytes(15).toString("base64url");
}

/** Makes every restore of the server's default namespace a sealed, fresh session. */
export function sealRecoveries(io: AppServer): void {
  const adapter = io.of("/").adapter;
  const restore = adapter.restoreSession.bind(adapter);
  // Typed as always answering a session, but socket.io's adapters answer null for none.
  adapter.restoreSession = (async (pid: string, offset: string) => {
    const persisted: PersistedSession | null = await restore(pid, offset);
    if (!persisted) return null;
    return { sid: freshId(), pid: freshId(), rooms: [], data: { [SEALED]: persisted }, missedPackets: [] };
  }) as Adapter["restoreSession"];
}

/** Takes the sealed state out of a socket that asked for recovery (null for any other socket). */
export function takeSealed(socket: AppSocket): PersistedSession | null {
  const data = socket.data as Partial<SocketData> & { [SEALED]?: PersistedSession };
  const persisted = data[SEALED] ?? null;
  delete data[SEALED];
  return persisted;
}

/** socket.io keeps these read-only for its own use; recovery is the one place that sets them. */
interface RecoveryFields {
  pid: string;
  recovered: boolean;
}

/**
 * Restores a recovering socket only when the caller's live session is the one whose socket left
 * (same session id and user) and that session may still be in every room the old socket held.
 * Otherwise nothing comes back: no rooms, no data, no missed packets, and a fresh pid, so the
 * client knows it was not recovered and reads its state again.
 */
export async function settleRecovery(
  ctx: AppContext,
  socket: AppSocket,
  persisted: PersistedSession,
  who: SocketUser,
): Promise<Restored | null> {
  const fields = socket as unknown as RecoveryFields;
  const restored = await restorable(ctx, persisted, who);
  if (restored) fields.pid = persisted.pid;
  else fields.recovered = false;
  return restored;
}

async function restorable(ctx: AppContext, persisted: PersistedSession, who: SocketUser): Promise<Restored | null> {
  const old = persisted.data as Partial<SocketUser> | undefined;
  if (old?.session?.id !== who.session.id || old.user?.id !== who.user.id) return null;
  const base = new Set([persisted.sid, sessionRoom(who.session.id), userRoom(who.user.id)]);
  if (who.user.class === "dev") base.add(STAFF_ROOM);
  const chats = persisted.rooms.filter((room) => !base.has(room));
  const allowed = await Promise.all(chats.map((room) => mayStayInChatRoom(ctx, who, room)));
  if (allowed.includes(false)) return null;
  return { rooms: chats, missedPackets: persisted.missedPackets };
}

/** Sends a restored socket what it missed, in order, as new packets (so they count for later). */
export function replayMissed(socket: AppSocket, missedPackets: unknown[][]): void {
  const emit = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => boolean;
  for (const packet of missedPackets) {
    const [event, ...args] = packet;
    // The last element is the offset socket.io appended when it stored the packet.
    args.pop();
    if (typeof event === "string") emit(event, ...args);
  }
}
