/**
 * socket.io on the app's HTTP server. The handshake is authenticated from the session cookie and
 * the CSRF token (sent in the handshake `auth`, since browsers cannot set headers on a WebSocket),
 * checked against the allowed origin, and counted against the user's sockets. A recovering socket
 * gets its old state back only for the same live session (recovery.ts). Every inbound event is
 * rate-limited per user and validated by its handler's schema (handlers.ts).
 */
import type { Server as HttpServer, IncomingMessage } from "node:http";
import type { TLSSocket } from "node:tls";
import { fastifyCookie } from "@fastify/cookie";
import type { FastifyBaseLogger } from "fastify";
import { Server, type ServerOptions } from "socket.io";
import { CSRF_HEADER } from "../../common/constants.ts";
import type { ClientEventName, SocketRefusal } from "../../common/socket-events.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { isCsrfTokenValid } from "../http/csrf.ts";
import { cookieNames, resolveSession } from "../http/session.ts";
import { isBannedPlayer } from "../policies/playerBans.ts";
import { standingRooms } from "../policies/rooms.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { type EventHandler, eventHandlers } from "./handlers.ts";
import { sealRecoveries, settleRecovery, takeSealed } from "./recovery.ts";
import { SessionWatch } from "./sessionWatch.ts";
import { SocketSlots } from "./socketSlots.ts";
import type { AppServer, AppSocket } from "./socketTypes.ts";

/** A bigger inbound frame closes the socket (socketServer.test.ts); no event comes near it. */
export const MAX_FRAME_BYTES = 64 * 1024;

/** The last value of a header a proxy may have appended to (the nearest proxy's), as Fastify reads it. */
function lastEntry(value: string | string[] | undefined): string | undefined {
  const joined = Array.isArray(value) ? value.join(",") : value;
  const last = joined?.split(",").pop()?.trim();
  return last || undefined;
}

/**
 * The origin this request was made to, scheme included: the TLS socket says https; behind a
 * trusted proxy, X-Forwarded-Proto and X-Forwarded-Host say what the browser used.
 */
export function ownOrigin(request: IncomingMessage, trustProxy: boolean): string | null {
  const encrypted = (request.socket as Partial<TLSSocket>).encrypted === true;
  const proto = encrypted
    ? "https"
    : ((trustProxy ? lastEntry(request.headers["x-forwarded-proto"]) : undefined) ?? "http");
  const host = (trustProxy ? lastEntry(request.headers["x-forwarded-host"]) : undefined) ?? request.headers.host;
  if ((proto !== "http" && proto !== "https") || !host) return null;
  try {
    return new URL(`${proto}://${host}`).origin;
  } catch {
    return null;
  }
}

/**
 * The caller's address as HTTP reads it (Fastify's request.ip): behind a trusted proxy the
 * left-most X-Forwarded-For entry, else the peer. Stored with the messages a socket sends.
 */
export function clientAddress(request: IncomingMessage, peer: string, trustProxy: boolean): string {
  const forwarded = request.headers["x-forwarded-for"];
  const first = trustProxy ? [forwarded].flat().join(",").split(",")[0]?.trim() : undefined;
  return first || peer;
}

function originAllowed(ctx: AppContext, request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  // Non-browser clients send no Origin; they cannot ride on a victim's cookies anyway.
  if (!origin) return true;
  let claimed: string;
  try {
    claimed = new URL(origin).origin;
  } catch {
    return false;
  }
  if (ctx.config.publicUrl) return claimed === new URL(ctx.config.publicUrl).origin;
  return claimed === ownOrigin(request, ctx.config.trustProxy);
}

export function createSocketServer(
  httpServer: HttpServer,
  ctx: AppContext,
  log: FastifyBaseLogger,
  /** Redis streams across nodes (redisAdapter.ts); socket.io's in-memory adapter without it. */
  adapter?: ServerOptions["adapter"],
): AppServer {
  const names = cookieNames(ctx.config.publicUrl);
  const slots = new SocketSlots(ctx.limits, ctx.config.socketsPerUser, log);
  const io: AppServer = new Server(httpServer, {
    path: "/socket.io",
    transports: ["websocket"],
    maxHttpBufferSize: MAX_FRAME_BYTES,
    serveClient: false,
    // A client that was gone briefly gets the packets it missed, in order, exactly once, but only
    // when its live session is the one that left (recovery.ts). The handshake runs on recovery.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
    ...(adapter ? { adapter } : {}),
  });
  const recoveries = sealRecoveries(io);
  const sessions = new SessionWatch(ctx.store.db, log);
  sessions.start(io);
  httpServer.once("close", () => sessions.stop());

  /** Admits a socket, or says why not. Taking the user's socket slot comes last. */
  async function admit(socket: AppSocket): Promise<SocketRefusal | null> {
    const sealed = takeSealed(socket);
    const request = socket.request;
    if (!originAllowed(ctx, request)) return "origin_not_allowed";
    const cookies = fastifyCookie.parse(request.headers.cookie ?? "");
    const resolved = await resolveSession(ctx, cookies[names.session]);
    if (!resolved) return "not_authenticated";
    const fromAuth = (socket.handshake.auth as Record<string, unknown> | undefined)?.csrf;
    const fromHeader = request.headers[CSRF_HEADER];
    const token = typeof fromAuth === "string" ? fromAuth : typeof fromHeader === "string" ? fromHeader : undefined;
    if (!isCsrfTokenValid(ctx.config.secrets.csrf, `session:${resolved.session.id}`, token)) return "csrf_failed";
    const restored = sealed ? await settleRecovery(ctx, socket, sealed, resolved) : null;
    // socket.data travels: socket.io keeps it in Redis for a recovery, and hands it with the
    // handshake to another node that lists a room's sockets (presence). Neither carries a secret:
    // no password hash here, and no session cookie or CSRF token in the handshake once admitted.
    const user = { ...resolved.user, password_hash: null };
    socket.data = restored ? { user, session: resolved.session, restored } : { user, session: resolved.session };
    if (!(await slots.acquire(resolved.user.id, socket.id))) return "too_many_sockets";
    const { cookie: _cookie, [CSRF_HEADER]: _csrf, ...headers } = socket.handshake.headers;
    socket.handshake.headers = headers;
    socket.handshake.auth = {};
    socket.handshake.address = clientAddress(request, socket.handshake.address, ctx.config.trustProxy);
    return null;
  }

  io.use(async (socket, next) => {
    try {
      const refusal = await admit(socket);
      next(refusal ? new Error(refusal) : undefined);
    } catch (err) {
      log.error({ err }, "socket handshake failed");
      next(new Error("handshake_failed" satisfies SocketRefusal));
    }
  });

  io.on("connection", (socket: AppSocket) => {
    const { session, user, restored } = socket.data;
    delete socket.data.restored;
    slots.hold(user.id, socket.id);
    // Every socket of a user hears what is meant for that user; staff also hear staff-wide news.
    void socket.join(standingRooms(socket.data));
    // A player whose ban holds is told on every new connection, not only on the one open when
    // the ban was given (a page opened later, a sign-in on another device). A recovered socket
    // gets the packets it missed instead.
    if (!restored && isBannedPlayer(user, nowSeconds())) {
      socket.emit("banned_warning", { status: "WARNING", message: "user_banned", until: user.banned_until });
    }
    if (restored) {
      void socket.join(restored.rooms);
      recoveries
        .catchUp(socket, restored)
        .catch((err: unknown) => log.error({ err, userId: user.id }, "missed socket packets could not be replayed"));
    }
    // Close the socket when its session reaches its absolute end.
    const left = Math.max(0, session.expires_at - nowSeconds()) * 1000;
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(left, 2_147_483_647));
    socket.on("disconnect", () => {
      clearTimeout(expiry);
      slots.release(user.id, socket.id);
    });
    // The session may have ended while the handshake ran, before this socket was in its session
    // room: once it is in, look again.
    sessions
      .check(socket)
      .then((live) => live || socket.disconnect(true))
      .catch((err: unknown) => log.warn({ err, userId: user.id }, "socket session check failed"));

    for (const event of Object.keys(eventHandlers) as ClientEventName[]) {
      const handler: EventHandler = eventHandlers[event];
      socket.on(event, async (payload: unknown, ack?: unknown) => {
        ctx.metrics.socketEvents.inc({ event });
        const reply = typeof ack === "function" ? (ack as (answer: unknown) => void) : () => {};
        try {
          if (!(await sessions.stillLive(socket))) {
            // The answer first, so that the client learns why its socket closes.
            reply({ ok: false, error: "not_authenticated" });
            socket.disconnect(true);
            return;
          }
          // An event is activity: the session stays alive for HTTP too (sessionWatch.ts). The
          // event does not wait for that write, nor fail with it.
          sessions
            .touch(socket)
            .catch((err: unknown) => log.warn({ err, userId: user.id }, "socket session touch failed"));
          // Per user, not per socket: more sockets buy no more events.
          const decision = await ctx.limits.consume(`socket-events:user:${user.id}`, RATE_LIMITS.socketEvents);
          if (!decision.allowed) return reply({ ok: false, error: "rate_limited" });
          reply(await handler.run(ctx, socket, payload));
        } catch (err) {
          if (isDatabaseUnavailable(err)) {
            reply({ ok: false, error: "database_unavailable" });
            log.warn({ err, event, userId: user.id }, "socket event: database unavailable");
            return;
          }
          reply({ ok: false, error: "internal" });
          log.error({ err, event, userId: user.id }, "socket handler failed");
        }
      });
    }
  });
  return io;
}
