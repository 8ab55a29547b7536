/**
 * Sockets live only as long as their session. Ending a session closes its sockets on the node
 * that ended it at once (`realtime.endSessions`); this watch closes the rest: a socket on another
 * node, one whose handshake was still running when the session ended, or one whose session ran
 * out (sessionEnded, the rule HTTP applies to the cookie). A socket's session is checked again
 * when it connects, before an event once it was last checked a while ago, and for every socket of
 * the node together in one query every few seconds. An event is activity, as a request is: it
 * keeps the session's last_seen_at fresh, so that a tab in use is not signed out for idling.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { sessionLimits, TOUCH_EVERY_SECONDS } from "../auth/sessionPolicy.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { Database } from "../db/schema.ts";
import { sessionEnded } from "../http/session.ts";
import { touchSession } from "../repositories/sessions.ts";
import type { AppServer, AppSocket } from "./socketTypes.ts";

/** How stale a socket's last check may be before an event checks again. */
export const SESSION_RECHECK_MS = 5_000;
/** How often every socket of the node is checked, whether it sends events or not. */
const SWEEP_EVERY_MS = 10_000;
const IDS_PER_QUERY = 500;

/**
 * The live sessions among `sessionIds`, each with its last_seen_at: live as HTTP counts it
 * (sessionEnded), so that the idle limit, a disabled or deleted user end the socket as they end
 * the cookie.
 */
export async function liveSessions(db: Kysely<Database>, sessionIds: string[]): Promise<Map<string, number>> {
  const live = new Map<string, number>();
  const now = nowSeconds();
  for (let i = 0; i < sessionIds.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select([
        "sessions.id as id",
        "sessions.kind as kind",
        "sessions.last_seen_at as last_seen_at",
        "sessions.expires_at as expires_at",
        "users.class as class",
        "users.disabled as disabled",
        "users.disabled_until as disabled_until",
        "users.deleted as deleted",
      ])
      .where("sessions.id", "in", sessionIds.slice(i, i + IDS_PER_QUERY))
      .where("sessions.expires_at", ">", now)
      .execute();
    for (const row of rows) if (!sessionEnded(row, row, now)) live.set(row.id, row.last_seen_at);
  }
  return live;
}

export class SessionWatch {
  readonly #db: Kysely<Database>;
  readonly #log: FastifyBaseLogger;
  readonly #checkedAt = new WeakMap<AppSocket, number>();
  /** The session's last_seen_at as this node last read or wrote it, in seconds. */
  readonly #seenAt = new WeakMap<AppSocket, number>();
  /** A check under way per socket: the events that arrive meanwhile wait for it, not for one each. */
  readonly #checking = new WeakMap<AppSocket, Promise<boolean>>();
  #timer: NodeJS.Timeout | null = null;

  constructor(db: Kysely<Database>, log: FastifyBaseLogger) {
    this.#db = db;
    this.#log = log;
  }

  /** Whether the socket's session is live, checked now. The caller closes a socket that is not. */
  check(socket: AppSocket): Promise<boolean> {
    const under = this.#checking.get(socket);
    if (under) return under;
    const checked = liveSessions(this.#db, [socket.data.session.id])
      .then((live) => {
        this.#checkedAt.set(socket, Date.now());
        const seenAt = live.get(socket.data.session.id);
        if (seenAt !== undefined) this.#seenAt.set(socket, seenAt);
        return seenAt !== undefined;
      })
      .finally(() => this.#checking.delete(socket));
    this.#checking.set(socket, checked);
    return checked;
  }

  /** Before an event: checks again when the last check is older than SESSION_RECHECK_MS. */
  stillLive(socket: AppSocket): Promise<boolean> {
    if (Date.now() - (this.#checkedAt.get(socket) ?? 0) < SESSION_RECHECK_MS) return Promise.resolve(socket.connected);
    return this.check(socket);
  }

  /**
   * After an event passed the check: moves the session's last_seen_at to now, as a request does,
   * once it is TOUCH_EVERY_SECONDS old. What the checks read tells whether it is, so the events
   * in between neither read nor write.
   */
  async touch(socket: AppSocket): Promise<void> {
    const { session, user } = socket.data;
    const now = nowSeconds();
    if (now - (this.#seenAt.get(socket) ?? session.last_seen_at) < TOUCH_EVERY_SECONDS) return;
    // Marked before the write: the rest of a burst finds it done rather than writing too.
    this.#seenAt.set(socket, now);
    try {
      await touchSession(this.#db, session.id, now, sessionLimits(user, session.kind).idleSeconds);
    } catch (err) {
      this.#seenAt.delete(socket);
      throw err;
    }
  }

  /** Checks every socket of this node, together, until stop(). */
  start(io: AppServer): void {
    this.#timer = setInterval(() => {
      this.#sweep(io).catch((err: unknown) => this.#log.warn({ err }, "socket sessions could not be checked"));
    }, SWEEP_EVERY_MS);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  async #sweep(io: AppServer): Promise<void> {
    const sockets = [...io.of("/").sockets.values()];
    if (!sockets.length) return;
    const live = await liveSessions(this.#db, [...new Set(sockets.map((s) => s.data.session.id))]);
    const now = Date.now();
    for (const socket of sockets) {
      const seenAt = live.get(socket.data.session.id);
      if (seenAt === undefined) {
        socket.disconnect(true);
        continue;
      }
      this.#checkedAt.set(socket, now);
      this.#seenAt.set(socket, seenAt);
    }
  }
}
