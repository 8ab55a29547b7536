/**
 * What a load balancer and a monitoring system ask a node:
 * - `/healthz`: the process is alive and serving. It never touches the database, so that a
 *   database outage does not get healthy nodes killed.
 * - `/readyz`: the node can do its work: the database answers, Redis answers where REDIS_URL is set,
 *   and the node is not shutting down. A node that is not ready answers 503 with `detail`, says
 *   which check failed, and goes on serving what it can.
 * - `/metrics`: Prometheus text (system/metrics.ts), for a bearer METRICS_TOKEN, or without one only
 *   to a scraper on this machine that came through no proxy.
 */

import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sql } from "kysely";
import { z } from "zod";
import { ERRORS } from "../../common/errors.ts";
import { bearerMatches, bearerToken } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";

/** How long each readiness check may take before it counts as failed. */
export const READY_CHECK_TIMEOUT_MS = 2_000;

/** Set when the node has begun its graceful shutdown (main.ts): the balancer must stop sending. */
export interface Lifecycle {
  draining: boolean;
}

const check = z.enum(["ok", "unreachable", "not_configured", "draining"]);
const checks = z.object({ database: check, redis: check, node: check });
const ready = z.object({ status: z.literal("ready"), checks });
const notReady = z.object({ detail: z.string(), code: z.literal("not_ready"), checks });

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
/** Headers a reverse proxy adds: a request that carries one came from outside through it. */
const PROXY_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip"];

function mayReadMetrics(token: string | undefined, request: FastifyRequest): boolean {
  if (token) {
    if (!bearerMatches(bearerToken(request.headers.authorization), token)) {
      throw new AppError("not_authenticated", "The metrics token is missing or wrong.");
    }
    return true;
  }
  const direct = LOOPBACK.has(request.socket.remoteAddress ?? "");
  return direct && PROXY_HEADERS.every((name) => request.headers[name] === undefined);
}

async function within(timeoutMs: number, work: () => Promise<unknown>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([work().then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function operationsRoutes(ctx: AppContext, lifecycle: Lifecycle): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      "/healthz",
      { schema: { response: { 200: z.object({ status: z.literal("ok") }) } } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return { status: "ok" as const };
      },
    );

    app.get("/readyz", { schema: { response: { 200: ready, 503: notReady } } }, async (_request, reply) => {
      reply.header("cache-control", "no-store");
      const [database, redis] = await Promise.all([
        within(READY_CHECK_TIMEOUT_MS, () => sql`select 1`.execute(ctx.store.db)),
        ctx.limits.reachable ? ctx.limits.reachable(READY_CHECK_TIMEOUT_MS) : Promise.resolve(null),
      ]);
      const found = {
        database: database ? "ok" : "unreachable",
        redis: redis === null ? "not_configured" : redis ? "ok" : "unreachable",
        node: lifecycle.draining ? "draining" : "ok",
      } as const;
      if (found.database === "ok" && found.redis !== "unreachable" && found.node === "ok") {
        return { status: "ready" as const, checks: found };
      }
      return reply.code(503).send({ detail: ERRORS.not_ready.message, code: "not_ready" as const, checks: found });
    });

    app.get("/metrics", async (request, reply) => {
      // Unknown to whoever may not read it, as if there were no such page.
      if (!mayReadMetrics(ctx.config.metricsToken, request)) throw new AppError("not_found");
      reply.header("cache-control", "no-store").type(ctx.metrics.registry.contentType);
      return ctx.metrics.registry.metrics();
    });
  };
}
