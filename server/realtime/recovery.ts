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
import type { AppContext } from "../context.ts";
import { mayStayInChatRoom, standingRooms } from "../policies/rooms.ts";
import type { AppServer, AppSocket, Restored, SocketData, SocketUser } from "./socketTypes.ts";

type Adapter = AppServer["sockets"]["adapter"];
/** What socket.io persisted of a socket that lost its connection, with the packets it missed. */
export type PersistedSession = NonNullable<Awaited<ReturnType<Adapter["restoreSession"]>>>;

const SEALED = Symbol("sealed recovery");

/** socket.io's id format: 15 random bytes, base64 (20 characters). */
function freshId(): string {
  return randomBytes(15).toString("base64url");
}

/** Sealed state: what socket.io persisted, and the offset the client presented with it. */
interface Sealed {
  persisted: PersistedSession;
  offset: string;
}

export interface Recoveries {
  /**
   * Sends a restored socket what it missed, once it is in its rooms. The missed packets are read
   * again at this moment (socket.io read them before the handshake, which takes a while), so
   * that nothing broadcast while the handshake ran is lost; they are read synchronously after
   * the joins, so that nothing is delivered twice. Adapters that let a session be read only once
   * answer nothing the second time; then the packets read before the handshake are sent.
   */
  catchUp(socket: AppSocket, restored: Restored): Promise<void>;
}

/** Makes every restore of the server's default namespace a sealed, fresh session. */
export function sealRecoveries(io: AppServer): Recoveries {
  const adapter = io.of("/").adapter;
  const restore = adapter.restoreSession.bind(adapter) as (
    pid: string,
    offset: string,
  ) => Promise<PersistedSession | null> | null;
  // Typed as always answering a session, but socket.io's adapters answer null for none.
  adapter.restoreSession = (async (pid: string, offset: string) => {
    const persisted = await restore(pid, offset);
    if (!persisted) return null;
    const sealed: Sealed = { persisted, offset };
    return { sid: freshId(), pid: freshId(), rooms: [], data: { [SEALED]: sealed }, missedPackets: [] };
  }) as Adapter["restoreSession"];
  return {
    async catchUp(socket, restored) {
      const now = restore(restored.pid, restored.offset);
      const latest = await Promise.resolve(now).catch(() => null);
      replayMissed(socket, latest?.missedPackets ?? restored.missedPackets);
    },
  };
}

/** Takes the sealed state out of a socket that asked for recovery (null for any other socket). */
export function takeSealed(socket: AppSocket): Sealed | null {
  const data = socket.data as Partial<SocketData> & { [SEALED]?: Sealed };
  const sealed = data[SEALED] ?? null;
  delete data[SEALED];
  return sealed;
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
  { persisted, offset }: Sealed,
  who: SocketUser,
): Promise<Restored | null> {
  const fields = socket as unknown as RecoveryFields;
  const restored = await restorable(ctx, persisted, offset, who);
  if (restored) fields.pid = persisted.pid;
  else fields.recovered = false;
  return restored;
}

async function restorable(
  ctx: AppContext,
  persisted: PersistedSession,
  offset: string,
  who: SocketUser,
): Promise<Restored | null> {
  const old = persisted.data as Partial<SocketUser> | undefined;
  if (old?.session?.id !== who.session.id || old.user?.id !== who.user.id) return null;
  const base = new Set([persisted.sid, ...standingRooms(who)]);
  const chats = persisted.rooms.filter((room) => !base.has(room));
  const allowed = await Promise.all(chats.map((room) => mayStayInChatRoom(ctx, who, room)));
  if (allowed.includes(false)) return null;
  return { pid: persisted.pid, offset, rooms: chats, missedPackets: persisted.missedPackets };
}

/** Sends a restored socket what it missed, in order, as new packets (so they count for later). */
function replayMissed(socket: AppSocket, missedPackets: unknown[][]): void {
  const emit = socket.emit.bind(socket) as (event: string, ...args: unknown[]) => boolean;
  for (const packet of missedPackets) {
    const [event, ...args] = packet;
    // The last element is the offset socket.io appended when it stored the packet.
    args.pop();
    if (typeof event === "string") emit(event, ...args);
  }
}
