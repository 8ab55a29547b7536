import type { ServerToClientEvents } from "../common/socket-events.ts";

/** What every route, use case and socket handler of one app node shares. */

import type { Captcha } from "./auth/captcha.ts";
import type { Config } from "./config.ts";
import type { DataStore } from "./db/database.ts";
import type { EventBus } from "./events.ts";
import type { RateLimitStore } from "./ratelimit/store.ts";
import type { Metrics } from "./system/metrics.ts";
import type { UploadStore } from "./uploads/storage.ts";

export interface Realtime {
  /** Closes every socket of these sessions (logout, password change, disable). */
  endSessions(sessionIds: string[]): void;
  /** Sends an event to every socket of one user (all their tabs and devices). */
  toUser<E extends keyof ServerToClientEvents>(
    userId: number,
    event: E,
    ...args: Parameters<ServerToClientEvents[E]>
  ): void;
  /** Sockets connected to this node (the server-capacity measure). */
  connectedSockets(): number;
}

export interface AppContext {
  config: Config;
  store: DataStore;
  captcha: Captcha;
  realtime: Realtime;
  events: EventBus;
  uploads: UploadStore;
  /** Every limit (attempts, budgets, events, sockets): memory on one node, Redis across nodes. */
  limits: RateLimitStore;
  /** This node's Prometheus metrics (GET /metrics). */
  metrics: Metrics;
}
