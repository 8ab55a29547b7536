/**
 * Reads the session cookie on every request and decorates the request with the session and its
 * user. Enforces idle and absolute timeouts, ends sessions of disabled or deleted users, and
 * checks the CSRF token on every state-changing call right after the session is known, before any
 * body is read or validated: a forged request is refused with 403 whatever it carries.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { CSRF_COOKIE, CSRF_HEADER } from "../../common/constants.ts";
import { DEVICE_COOKIE_MAX_AGE_SECONDS } from "../auth/deviceCookie.ts";
import { sessionLimits, TOUCH_EVERY_SECONDS } from "../auth/sessionPolicy.ts";
import { nowSeconds, randomToken, sha256 } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { deleteSession, findLiveSessionWithUser, type SessionRow, touchSession } from "../repositories/sessions.ts";
import { isDisabled, type UserRow } from "../repositories/users.ts";
import type { CurrentSession, RequestOrigin, StartedSession } from "../usecases/startSession.ts";
import { isCsrfTokenValid, makeCsrfToken } from "./csrf.ts";

declare module "fastify" {
  interface FastifyRequest {
    session: SessionRow | null;
    user: UserRow | null;
    /** What the CSRF token must be bound to: the session id, else the pre-session cookie. */
    csrfBinding: string;
  }
  interface FastifyContextConfig {
    /** false for calls authenticated by a bearer key instead of the cookie. */
    csrf?: boolean;
  }
}

const ANON_COOKIE = "hd_anon";
const UNSAFE = new Set(["POST", "PUT", "PATCH", "DELETE"]);

export interface CookieNames {
  session: string;
  anon: string;
  csrf: string;
  /** The device cookie of sign-in throttling (auth/deviceCookie.ts). */
  device: string;
  secure: boolean;
}

export function cookieNames(publicUrl: string | undefined): CookieNames {
  const secure = publicUrl?.startsWith("https://") ?? false;
  // The __Host- prefix pins a cookie to this host over HTTPS: no sibling domain can set it.
  const prefix = secure ? "__Host-" : "";
  return {
    session: `${prefix}hd_session`,
    anon: `${prefix}${ANON_COOKIE}`,
    csrf: `${prefix}${CSRF_COOKIE}`,
    device: `${prefix}hd_device`,
    secure,
  };
}

/** After a session started: its cookie, and a CSRF token bound to it. */
export function setSessionCookies(ctx: AppContext, reply: FastifyReply, started: StartedSession): void {
  const names = cookieNames(ctx.config.publicUrl);
  const base = { path: "/", sameSite: "lax" as const, secure: names.secure };
  reply.setCookie(names.session, started.token, { ...base, httpOnly: true, maxAge: started.maxAgeSeconds });
  reply.setCookie(names.csrf, makeCsrfToken(ctx.config.secrets.csrf, `session:${started.session.id}`), {
    ...base,
    httpOnly: false,
  });
}

/** Marks this browser as one the account signed in from (kept across sign-outs). */
export function setDeviceCookie(ctx: AppContext, reply: FastifyReply, token: string): void {
  const names = cookieNames(ctx.config.publicUrl);
  reply.setCookie(names.device, token, {
    path: "/",
    sameSite: "lax",
    secure: names.secure,
    httpOnly: true,
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}

export function deviceCookie(ctx: AppContext, request: FastifyRequest): string | undefined {
  return request.cookies[cookieNames(ctx.config.publicUrl).device];
}

/** What use cases know of the transport: the caller's address and browser. */
export function requestOrigin(request: FastifyRequest): RequestOrigin {
  return { ip: request.ip, userAgent: request.headers["user-agent"] ?? "" };
}

export function currentSession(request: FastifyRequest): CurrentSession {
  return { session: request.session, user: request.user };
}

/** After logout: no session cookie, a fresh pre-session binding and a token for it. */
export function clearSessionCookies(ctx: AppContext, reply: FastifyReply): void {
  const names = cookieNames(ctx.config.publicUrl);
  const base = { path: "/", sameSite: "lax" as const, secure: names.secure };
  const anon = randomToken(16);
  reply.clearCookie(names.session, { path: "/", secure: names.secure });
  reply.setCookie(names.anon, anon, { ...base, httpOnly: true });
  reply.setCookie(names.csrf, makeCsrfToken(ctx.config.secrets.csrf, `anon:${anon}`), { ...base, httpOnly: false });
}

/**
 * Whether a session whose row still exists has ended: its user deleted or disabled, or its
 * absolute or idle limit reached. HTTP and the socket watch (realtime/sessionWatch.ts) apply this
 * one rule, so that a socket never outlives the cookie that opened it.
 */
export function sessionEnded(
  session: Pick<SessionRow, "kind" | "last_seen_at" | "expires_at">,
  user: Pick<UserRow, "class" | "disabled" | "disabled_until" | "deleted">,
  now: number,
): boolean {
  if (user.deleted || isDisabled(user, now)) return true;
  return session.expires_at <= now || session.last_seen_at + sessionLimits(user, session.kind).idleSeconds <= now;
}

/** Loads the live session and user for a cookie token; ends it when it has run out. */
export async function resolveSession(
  ctx: AppContext,
  token: string | undefined,
): Promise<{ session: SessionRow; user: UserRow } | null> {
  if (!token || token.length > 100) return null;
  const db = ctx.store.db;
  const now = nowSeconds();
  const found = await findLiveSessionWithUser(db, sha256(token), now);
  if (!found) return null;
  const { session, user } = found;
  // No user: the account was deleted (findLiveSessionWithUser).
  if (!user || sessionEnded(session, user, now)) {
    await deleteSession(db, session.id);
    ctx.realtime.endSessions([session.id]);
    return null;
  }
  if (now - session.last_seen_at >= TOUCH_EVERY_SECONDS) {
    await touchSession(db, session.id, now, sessionLimits(user, session.kind).idleSeconds);
    session.last_seen_at = now;
  }
  return { session, user };
}

export function registerSessions(app: FastifyInstance, ctx: AppContext): void {
  const names = cookieNames(ctx.config.publicUrl);
  app.decorateRequest("session", null);
  app.decorateRequest("user", null);
  app.decorateRequest("csrfBinding", "");

  app.addHook("onRequest", async (request, reply) => {
    const resolved = await resolveSession(ctx, request.cookies[names.session]);
    if (resolved) {
      request.session = resolved.session;
      request.user = resolved.user;
      request.csrfBinding = `session:${resolved.session.id}`;
    } else {
      let anon = request.cookies[names.anon];
      if (!anon || anon.length > 64) {
        anon = randomToken(16);
        reply.setCookie(names.anon, anon, { path: "/", sameSite: "lax", secure: names.secure, httpOnly: true });
      }
      request.csrfBinding = `anon:${anon}`;
      if (request.cookies[names.session]) reply.clearCookie(names.session, { path: "/", secure: names.secure });
    }
    // Hand out a token bound to the current binding whenever the browser lacks a valid one.
    if (!isCsrfTokenValid(ctx.config.secrets.csrf, request.csrfBinding, request.cookies[names.csrf])) {
      reply.setCookie(names.csrf, makeCsrfToken(ctx.config.secrets.csrf, request.csrfBinding), {
        path: "/",
        sameSite: "lax",
        secure: names.secure,
        httpOnly: false,
      });
    }
    // Here, before the body is parsed or validated. An unmatched path answers 404 anyway.
    if (!UNSAFE.has(request.method) || !request.routeOptions.url || request.routeOptions.config?.csrf === false) return;
    const header = request.headers[CSRF_HEADER];
    const token = Array.isArray(header) ? header[0] : header;
    // Double submit: the header must match the cookie, and the token must be bound to this session.
    if (
      !token ||
      token !== request.cookies[names.csrf] ||
      !isCsrfTokenValid(ctx.config.secrets.csrf, request.csrfBinding, token)
    ) {
      throw new AppError("csrf_failed");
    }
  });
}

export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user || !request.session) throw new AppError("not_authenticated");
  return request.user;
}
