/**
 * socket.io on the app's HTTP server. The handshake is authenticated from the session cookie and
 * the CSRF token (sent in the handshake `auth`, since browsers cannot set headers on a WebSocket)
 * and checked against the allowed origin. Every inbound event is validated and rate-limited;
 * handlers live in a map, one per event.
 */
import type { Server as HttpServer } from "node:http";
import { fastifyCookie } from "@fastify/cookie";
import { Server, type Socket } from "socket.io";
import { CSRF_HEADER } from "../../common/constants.ts";
import {
  type ClientToServerEvents,
  type ServerToClientEvents,
  STAFF_ROOM,
  userRoom,
} from "../../common/socket-events.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { isCsrfTokenValid } from "../http/csrf.ts";
import { cookieNames, resolveSession } from "../http/session.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";
import { eventHandlers } from "./handlers.ts";

export interface SocketData {
  user: UserRow;
  session: SessionRow;
  /** Token bucket for inbound events. */
  tokens: number;
  refilledAt: number;
}

export type AppServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type AppSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

const MAX_FRAME_BYTES = 64 * 1024;
const EVENTS_PER_SECOND = 20;
const EVENT_BURST = 40;

export function sessionRoom(sessionId: string): string {
  return `session:${sessionId}`;
}

function originAllowed(ctx: AppContext, origin: string | undefined, host: string | undefined): boolean {
  // Non-browser clients send no Origin; they cannot ride on a victim's cookies anyway.
  if (!origin) return true;
  if (ctx.config.publicUrl) return origin === new URL(ctx.config.publicUrl).origin;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

function takeToken(data: SocketData): boolean {
  const now = Date.now();
  data.tokens = Math.min(EVENT_BURST, data.tokens + ((now - data.refilledAt) / 1000) * EVENTS_PER_SECOND);
  data.refilledAt = now;
  if (data.tokens < 1) return false;
  data.tokens -= 1;
  return true;
}

export function createSocketServer(httpServer: HttpServer, ctx: AppContext): AppServer {
  const names = cookieNames(ctx.config.publicUrl);
  const io: AppServer = new Server(httpServer, {
    path: "/socket.io",
    transports: ["websocket"],
    maxHttpBufferSize: MAX_FRAME_BYTES,
    serveClient: false,
    // A client that was gone briefly gets the packets it missed, in order, exactly once. The
    // handshake middleware runs again on recovery, so an ended session does not come back.
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60_000, skipMiddlewares: false },
  });

  io.use(async (socket, next) => {
    try {
      const headers = socket.request.headers;
      if (!originAllowed(ctx, headers.origin, headers.host)) return next(new Error("origin_not_allowed"));
      const cookies = fastifyCookie.parse(headers.cookie ?? "");
      const resolved = await resolveSession(ctx, cookies[names.session]);
      if (!resolved) return next(new Error("not_authenticated"));
      const fromAuth = (socket.handshake.auth as Record<string, unknown> | undefined)?.csrf;
      const fromHeader = headers[CSRF_HEADER];
      const token = typeof fromAuth === "string" ? fromAuth : typeof fromHeader === "string" ? fromHeader : undefined;
      const binding = `session:${resolved.session.id}`;
      if (!isCsrfTokenValid(ctx.config.secrets.csrf, binding, token)) return next(new Error("csrf_failed"));
      socket.data = { ...resolved, tokens: EVENT_BURST, refilledAt: Date.now() };
      next();
    } catch (error) {
      next(error instanceof Error ? error : new Error("handshake_failed"));
    }
  });

  io.on("connection", (socket: AppSocket) => {
    const { session, user } = socket.data;
    void socket.join(sessionRoom(session.id));
    // Every socket of a user hears what is meant for that user; staff also hear staff-wide news.
    void socket.join(userRoom(user.id));
    if (user.class === "dev") void socket.join(STAFF_ROOM);
    // Close the socket when its session reaches its absolute end.
    const left = Math.max(0, session.expires_at - nowSeconds()) * 1000;
    const expiry = setTimeout(() => socket.disconnect(true), Math.min(left, 2_147_483_647));
    socket.on("disconnect", () => clearTimeout(expiry));

    for (const [event, handler] of Object.entries(eventHandlers)) {
      socket.on(event as keyof ClientToServerEvents, async (payload: unknown, ack?: unknown) => {
        const reply = typeof ack === "function" ? (ack as (answer: unknown) => void) : () => {};
        if (!takeToken(socket.data)) return reply({ ok: false, error: "rate_limited" });
        try {
          reply(await handler(ctx, socket, payload));
        } catch (error) {
          reply({ ok: false, error: "internal" });
          console.error(`socket handler ${event} failed`, error);
        }
      });
    }
  });
  return io;
}
