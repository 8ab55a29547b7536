/**
 * Sockets live only as long as their session. Ending a session closes its sockets on the node
 * that ended it at once (`realtime.endSessions`); this watch closes the rest: a socket on another
 * node, or one whose handshake was still running when the session ended. A socket's session is
 * checked again when it connects, before an event once it was last checked a while ago, and for
 * every socket of the node together in one query every few seconds.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { nowSeconds } from "../auth/tokens.ts";
import type { Database } from "../db/schema.ts";
import { isDisabled } from "../repositories/users.ts";
import type { AppServer, AppSocket } from "./socketServer.ts";

/** How stale a socket's last check may be before an event checks again. */
export const SESSION_RECHECK_MS = 5_000;
/** How often every socket of the node is checked, whether it sends events or not. */
const SWEEP_EVERY_MS = 10_000;
const IDS_PER_QUERY = 500;

/** The ids among `sessionIds` whose session is live: not ended, not expired, its user enabled. */
export async function liveSessionIds(db: Kysely<Database>, sessionIds: string[]): Promise<Set<string>> {
  const live = new Set<string>();
  const now = nowSeconds();
  for (let i = 0; i < sessionIds.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom("sessions")
      .innerJoin("users", "users.id", "sessions.user_id")
      .select(["sessions.id as id", "users.disabled as disabled", "users.disabled_until as disabled_until"])
      .where("sessions.id", "in", sessionIds.slice(i, i + IDS_PER_QUERY))
      .where("sessions.expires_at", ">", now)
      .execute();
    for (const row of rows) if (!isDisabled(row, now)) live.add(row.id);
  }
  return live;
}

export class SessionWatch {
  readonly #db: Kysely<Database>;
  readonly #log: FastifyBaseLogger;
  readonly #checkedAt = new WeakMap<AppSocket, number>();
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
    const checked = liveSessionIds(this.#db, [socket.data.session.id])
      .then((live) => {
        this.#checkedAt.set(socket, Date.now());
        return live.has(socket.data.session.id);
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
    const live = await liveSessionIds(this.#db, [...new Set(sockets.map((s) => s.data.session.id))]);
    const now = Date.now();
    for (const socket of sockets) {
      if (live.has(socket.data.session.id)) this.#checkedAt.set(socket, now);
      else socket.disconnect(true);
    }
  }
}
