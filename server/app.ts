/**
 * Assembles one app node: HTTP plugins, sessions, routes, realtime and the web app. Used by
 * main.ts and by the integration tests (which get a real server on a random port).
 */
import path from "node:path";
import { fileURLToPath } from "node:url";
import cookie from "@fastify/cookie";
import formbody from "@fastify/formbody";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { userRoom } from "../common/socket-events.ts";
import { Captcha } from "./auth/captcha.ts";
import type { Config } from "./config.ts";
import type { AppContext, Realtime } from "./context.ts";
import type { DataStore } from "./db/database.ts";
import { AppError } from "./errors.ts";
import { EventBus } from "./events.ts";
import { frameworkError, registerErrorHandling } from "./http/errors.ts";
import { inputIssue } from "./http/inputGuard.ts";
import { registerOpenApi, registerOpenApiDocument } from "./http/openApi.ts";
import { registerSecurityHeaders } from "./http/security.ts";
import { registerSessions } from "./http/session.ts";
import { registerWebApp } from "./http/webApp.ts";
import { fastifyRateLimitStore } from "./ratelimit/fastifyStore.ts";
import { openRateLimitStore } from "./ratelimit/index.ts";
import type { RateLimitStore } from "./ratelimit/store.ts";
import { subscribeFanout } from "./realtime/fanout.ts";
import { openSocketAdapter } from "./realtime/redisAdapter.ts";
import { createSocketServer } from "./realtime/socketServer.ts";
import { type AppServer, sessionRoom } from "./realtime/socketTypes.ts";
import { subscribeViewsChanged } from "./realtime/viewsChanged.ts";
import { accountRoutes } from "./routes/account.ts";
import { authRoutes } from "./routes/auth.ts";
import { banRoutes } from "./routes/bans.ts";
import { chatRoutes } from "./routes/chat.ts";
import { chatListRoutes } from "./routes/chatList.ts";
import { contentRoutes } from "./routes/content.ts";
import { dashboardRoutes } from "./routes/dashboard.ts";
import { integrationRoutes } from "./routes/integration.ts";
import { memberRoutes } from "./routes/members.ts";
import { notesRoutes } from "./routes/notes.ts";
import { type Lifecycle, operationsRoutes } from "./routes/operations.ts";
import { permissionRoutes } from "./routes/permissions.ts";
import { playerAdminRoutes } from "./routes/playerAdmin.ts";
import { profileRoutes } from "./routes/profile.ts";
import { publicConfigRoutes } from "./routes/publicConfig.ts";
import { setupAdminRoutes } from "./routes/setupAdmin.ts";
import { setupReadRoutes } from "./routes/setupRead.ts";
import { staffTicketRoutes } from "./routes/staffTickets.ts";
import { staffUserRoutes } from "./routes/staffUsers.ts";
import { ticketSearchRoutes } from "./routes/ticketSearch.ts";
import { ticketRoutes } from "./routes/tickets.ts";
import { Metrics } from "./system/metrics.ts";
import { registerFormCleanup } from "./uploads/multipart.ts";
import { UploadStore } from "./uploads/storage.ts";
import { subscribeChatListFollowers } from "./usecases/followTicketsInChatList.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

export interface AppNode {
  app: FastifyInstance;
  io: AppServer;
  ctx: AppContext;
  /** Every route Fastify registered (HEAD twins included), for the authorization matrix's completeness test. */
  routes: RegisteredRoute[];
  /**
   * Begins a graceful shutdown: /readyz answers 503 at once, so that the balancer stops sending
   * new work; `app.close()` then lets requests finish and closes the sockets (main.ts).
   */
  drain(): void;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface BuildOptions {
  config: Config;
  store: DataStore;
  /** Quieter logs in tests. */
  logger?: boolean;
  /** Lower proof-of-work cost for tests; by default the configured CAPTCHA_MAX_COUNTER. */
  captchaMaxCounter?: number;
  /**
   * The limits' store, when the caller shares one between nodes (tests) and closes it itself. By
   * default the node opens its own (Redis when REDIS_URL is set, else memory) and closes it.
   */
  limits?: RateLimitStore;
}

export async function buildApp({
  config,
  store,
  logger = true,
  captchaMaxCounter,
  limits: sharedLimits,
}: BuildOptions): Promise<AppNode> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkError,
  });
  const limits = sharedLimits ?? openRateLimitStore(config.redisUrl, { prefix: config.redisKeyPrefix, log: app.log });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RegisteredRoute[] = [];
  // Before any schema or handler: refuse text with a NUL and absurd nesting, in one place.
  app.addHook("preValidation", async (request) => {
    for (const [where, value] of [
      ["body", request.body],
      ["query", request.query],
      ["path", request.params],
    ] as const) {
      const issue = inputIssue(value, where);
      if (issue) throw new AppError("validation", [issue]);
    }
  });
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  let io: AppServer | null = null;
  const realtime: Realtime = {
    endSessions(sessionIds) {
      for (const id of sessionIds) io?.in(sessionRoom(id)).disconnectSockets(true);
    },
    toUser(userId, event, ...args) {
      io?.to(userRoom(userId)).emit(event, ...args);
    },
    connectedSockets() {
      return io?.engine.clientsCount ?? 0;
    },
  };
  const ctx: AppContext = {
    config,
    store,
    captcha: new Captcha(store.db, {
      mode: config.captcha,
      hmacKey: config.secrets.altcha,
      maxCounter: captchaMaxCounter ?? config.captchaMaxCounter,
    }),
    realtime,
    events: new EventBus(app.log),
    uploads: new UploadStore(config.dataDir, config.uploadMaxBytes),
    limits,
    metrics: new Metrics({ sockets: () => realtime.connectedSockets(), pool: store.poolUse }),
  };
  // Latency per route pattern; paths that match no route share one label, so that scanners cannot
  // grow the metrics without bound.
  app.addHook("onResponse", async (request, reply) => {
    ctx.metrics.requests.observe(
      { method: request.method, route: request.routeOptions.url ?? "unmatched", status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  registerErrorHandling(app);
  registerFormCleanup(app, ctx);
  await registerSecurityHeaders(app, config);
  await app.register(cookie);
  await app.register(formbody);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 5, fields: 50 } });
  // Route limits (config.rateLimit) count in the same store as every other limit.
  await app.register(rateLimit, { global: false, store: fastifyRateLimitStore(limits) });
  // Before every route: it collects them as they are registered.
  await registerOpenApi(app);
  registerSessions(app, ctx);

  const lifecycle: Lifecycle = { draining: false };
  await app.register(operationsRoutes(ctx, lifecycle));

  await app.register(authRoutes(ctx));
  await app.register(permissionRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(publicConfigRoutes(ctx));
  await app.register(chatRoutes(ctx));
  await app.register(setupReadRoutes(ctx));
  await app.register(memberRoutes(ctx));
  await app.register(ticketRoutes(ctx));
  await app.register(ticketSearchRoutes(ctx));
  await app.register(staffTicketRoutes(ctx));
  await app.register(integrationRoutes(ctx));
  await app.register(notesRoutes(ctx));
  await app.register(banRoutes(ctx));
  await app.register(chatListRoutes(ctx));
  // Staff administration
  await app.register(staffUserRoutes(ctx));
  await app.register(playerAdminRoutes(ctx));
  await app.register(setupAdminRoutes(ctx));
  await app.register(dashboardRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(contentRoutes(ctx));
  registerOpenApiDocument(app, ctx);
  await registerWebApp(app, path.join(ROOT, "dist", "web"));

  const adapter = config.redisUrl ? openSocketAdapter(config.redisUrl, config.redisKeyPrefix) : null;
  io = createSocketServer(app.server, ctx, app.log, adapter?.factory);
  subscribeFanout(ctx, io);
  const viewsChanged = subscribeViewsChanged(ctx, io);
  subscribeChatListFollowers(ctx);
  // Sockets go first, each closed as a lost transport: the client reconnects at once and, with its
  // session still live, gets the packets it missed (connection-state recovery).
  app.addHook("preClose", async () => {
    io?.engine.close();
  });
  app.addHook("onClose", async () => {
    viewsChanged.stop();
    await io?.close();
    adapter?.close();
    if (!sharedLimits) await limits.close();
  });
  const drain = () => {
    lifecycle.draining = true;
  };
  return { app, io, ctx, routes, drain };
}
