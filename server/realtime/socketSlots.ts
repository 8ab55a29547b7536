/**
 * How many sockets one user holds at once, across every node: each socket takes a slot of its
 * user in the shared limits store (Redis when several nodes run). A slot is leased, and this node
 * renews the leases of its live sockets on a timer, so the slots of a node that dies free
 * themselves after one lease.
 */
import type { FastifyBaseLogger } from "fastify";
import type { RateLimitStore } from "../ratelimit/store.ts";

/** A dead node's sockets stop counting after this long. */
export const SOCKET_SLOT_LEASE_SECONDS = 60;
/** Live sockets renew three times per lease, so one slow renewal does not lose a slot. */
const RENEW_EVERY_MS = (SOCKET_SLOT_LEASE_SECONDS * 1000) / 3;

function slotKey(userId: number): string {
  return `sockets:user:${userId}`;
}

export class SocketSlots {
  readonly #limits: RateLimitStore;
  readonly #max: number;
  readonly #log: FastifyBaseLogger;
  /** The sockets of this node that hold a slot, by user. */
  readonly #held = new Map<number, Set<string>>();
  #timer: NodeJS.Timeout | null = null;

  constructor(limits: RateLimitStore, max: number, log: FastifyBaseLogger) {
    this.#limits = limits;
    this.#max = max;
    this.#log = log;
  }

  /**
   * Takes a slot for a socket that is being admitted. Until {@link hold} is called nothing renews
   * it, so a socket that never finishes connecting gives its slot back when the lease runs out.
   */
  acquire(userId: number, socketId: string): Promise<boolean> {
    return this.#limits.acquireSlot(slotKey(userId), socketId, this.#max, SOCKET_SLOT_LEASE_SECONDS);
  }

  /** The socket is connected: its lease is renewed while it lives. */
  hold(userId: number, socketId: string): void {
    const sockets = this.#held.get(userId) ?? new Set<string>();
    sockets.add(socketId);
    this.#held.set(userId, sockets);
    if (!this.#timer) {
      this.#timer = setInterval(() => this.#renew(), RENEW_EVERY_MS);
      this.#timer.unref();
    }
  }

  /** The socket is gone: its slot is free at once. */
  release(userId: number, socketId: string): void {
    const sockets = this.#held.get(userId);
    sockets?.delete(socketId);
    if (sockets && !sockets.size) this.#held.delete(userId);
    if (!this.#held.size && this.#timer) {
      clearInterval(this.#timer);
      this.#timer = null;
    }
    this.#limits
      .releaseSlot(slotKey(userId), socketId)
      .catch((err: unknown) => this.#log.warn({ err, userId }, "a socket slot could not be released"));
  }

  #renew(): void {
    for (const [userId, sockets] of this.#held) {
      this.#limits
        .renewSlots(slotKey(userId), [...sockets], SOCKET_SLOT_LEASE_SECONDS)
        .catch((err: unknown) => this.#log.warn({ err, userId }, "socket slot leases could not be renewed"));
    }
  }
}
