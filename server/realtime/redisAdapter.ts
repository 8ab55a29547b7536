/**
 * socket.io across nodes: with REDIS_URL, every room event goes through a Redis stream
 * (@socket.io/redis-streams-adapter), so that a socket on any node gets it, and a socket that lost
 * its connection recovers on any node, since the persisted sessions and the missed packets live in
 * Redis too. Without REDIS_URL the node uses socket.io's in-memory adapter and needs no Redis.
 *
 * While Redis is away the node goes on alone: the writing client has no offline queue and a short
 * command timeout, so a broadcast's publish fails at once (within a second where the connection
 * hangs) and socket.io still delivers to this node's own sockets; the reading clients (stream
 * polling, pub/sub) wait for the reconnection instead of spinning.
 */
import { createAdapter } from "@socket.io/redis-streams-adapter";
import { Redis } from "ioredis";

export interface SocketAdapter {
  factory: ReturnType<typeof createAdapter>;
  close(): void;
}

export function openSocketAdapter(url: string, prefix: string): SocketAdapter {
  // A write that gets no answer within a second (a connection that hangs rather than breaks) fails
  // too, so that local delivery waits at most that long.
  const writer = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, commandTimeout: 1_000 });
  writer.on("error", () => {});
  const readers: Redis[] = [];
  // The adapter makes its readers by duplicating the client it is given.
  writer.duplicate = () => {
    const reader = new Redis(url, { maxRetriesPerRequest: null });
    reader.on("error", () => {});
    readers.push(reader);
    return reader;
  };
  // The adapter stores a leaving socket's session with a SET whose promise it drops: while Redis
  // is away that would be an unhandled rejection, which ends a Node process.
  const set = writer.set.bind(writer) as (...args: unknown[]) => Promise<unknown>;
  writer.set = ((...args: unknown[]) => {
    const stored = set(...args);
    stored.catch(() => {});
    return stored;
  }) as typeof writer.set;
  const factory = createAdapter(writer, {
    streamName: `${prefix}socket.io`,
    channelPrefix: `${prefix}socket.io`,
    sessionKeyPrefix: `${prefix}socket.io:session:`,
    // Chat payloads are JSON: skip the search for binary parts in every packet.
    onlyPlaintext: true,
  });
  return {
    factory,
    close() {
      for (const client of [writer, ...readers]) client.disconnect();
    },
  };
}
