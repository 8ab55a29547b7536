/** /auth and /auth2: session, sign-in, sign-out (here or everywhere) and set-password (spec 1 §7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  logoutEverywhereResponse,
  okResponse,
  passwordTokenValidResponse,
  sessionResponse,
} from "../../common/schemas/accountResponses.ts";
import { loginBody, passwordTokenBody, setupPasswordBody } from "../../common/schemas/auth.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import {
  clearSessionCookies,
  currentSession,
  deviceCookie,
  requestOrigin,
  requireUser,
  setDeviceCookie,
  setSessionCookies,
} from "../http/session.ts";
import { presentPulse } from "../presenters/sessionUser.ts";
import { RATE_LIMITS, routeLimit } from "../ratelimit/rules.ts";
import { isPasswordTokenValid } from "../repositories/passwordTokens.ts";
import { setupPassword } from "../usecases/setupPassword.ts";
import { signIn } from "../usecases/signIn.ts";
import { signOut } from "../usecases/signOut.ts";
import { signOutEverywhere } from "../usecases/signOutEverywhere.ts";

/** Stricter per-address limit on the unauthenticated token endpoints, against token guessing. */
const TOKEN_RATE = routeLimit(RATE_LIMITS.passwordToken);

/** What each call accepts and answers (common/schemas/auth.ts, accountResponses.ts). */
const schemas = {
  pulseCheck: { response: { 200: sessionResponse } },
  login: { body: loginBody, response: { 200: sessionResponse } },
  logout: { response: { 200: okResponse } },
  logoutEverywhere: { response: { 200: logoutEverywhereResponse } },
  checkPasswordToken: { body: passwordTokenBody, response: { 200: passwordTokenValidResponse } },
  setupPassword: { body: setupPasswordBody, response: { 200: okResponse } },
};

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/auth/pulse-check", { schema: schemas.pulseCheck }, async (request) => {
      if (!request.user || !request.session) throw new AppError("not_authenticated");
      return presentPulse(request.user, request.session);
    });

    app.post("/auth/login", { schema: schemas.login }, async (request, reply) => {
      const started = await signIn(ctx, {
        body: request.body,
        origin: requestOrigin(request),
        current: currentSession(request),
        deviceToken: deviceCookie(ctx, request),
      });
      setSessionCookies(ctx, reply, started);
      setDeviceCookie(ctx, reply, started.deviceToken);
      return presentPulse(started.user, started.session);
    });

    app.post("/auth/logout", { schema: schemas.logout }, async (request, reply) => {
      await signOut(ctx, request.session);
      clearSessionCookies(ctx, reply);
      return { ok: true };
    });

    app.post("/auth/logout-everywhere", { schema: schemas.logoutEverywhere }, async (request, reply) => {
      const user = requireUser(request);
      const ended = await signOutEverywhere(ctx, user.id);
      clearSessionCookies(ctx, reply);
      return { ok: true, ended_sessions: ended };
    });

    app.post(
      "/auth2/check-password-token",
      { schema: schemas.checkPasswordToken, config: { rateLimit: TOKEN_RATE } },
      async (request) => {
        if (!(await isPasswordTokenValid(ctx.store.db, request.body.password_token, nowSeconds()))) {
          throw new AppError("token_invalid");
        }
        return { valid: true };
      },
    );

    app.post(
      "/auth2/setup-password",
      { schema: schemas.setupPassword, config: { rateLimit: TOKEN_RATE } },
      async (request) => {
        await setupPassword(ctx, request.body.password_token, request.body.new_password);
        return { ok: true };
      },
    );
  };
}
