/**
 * The node's Prometheus metrics, served at GET /metrics: request latency per route,
 * sockets connected, socket events (Prometheus' rate() turns the counter into events per second),
 * event-loop delay and the process' memory (prom-client's default metrics), the PostgreSQL pool's
 * use, and sweep runs. One registry per app node, so that nodes in one test process stay apart.
 */
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

export interface MetricSources {
  sockets(): number;
  pool?(): { total: number; idle: number; waiting: number };
}

export class Metrics {
  readonly registry = new Registry();
  readonly requests: Histogram<"method" | "route" | "status">;
  readonly socketEvents: Counter<"event">;
  readonly sweepRuns: Counter<"outcome">;

  constructor(sources: MetricSources) {
    const registers = [this.registry];
    collectDefaultMetrics({ register: this.registry, prefix: "helpdesk_" });
    this.requests = new Histogram({
      name: "helpdesk_http_request_duration_seconds",
      help: "HTTP request latency per route (the route's pattern, not the path), method and status.",
      labelNames: ["method", "route", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    this.socketEvents = new Counter({
      name: "helpdesk_socket_events_total",
      help: "Socket events received from clients, per event name.",
      labelNames: ["event"],
      registers,
    });
    this.sweepRuns = new Counter({
      name: "helpdesk_sweep_runs_total",
      help: "Runs of the background sweeps (auto-close, attachments, bans, sessions, uploads) by outcome.",
      labelNames: ["outcome"],
      registers,
    });
    new Gauge({
      name: "helpdesk_sockets_connected",
      help: "Sockets connected to this node.",
      registers,
      collect() {
        this.set(sources.sockets());
      },
    });
    const pool = sources.pool;
    if (pool) {
      new Gauge({
        name: "helpdesk_db_pool_connections",
        help: "PostgreSQL pool connections of this node, by state (in use, idle) and requests waiting for one.",
        labelNames: ["state"],
        registers,
        collect() {
          const use = pool();
          this.set({ state: "in_use" }, use.total - use.idle);
          this.set({ state: "idle" }, use.idle);
          this.set({ state: "waiting" }, use.waiting);
        },
      });
    }
  }
}
