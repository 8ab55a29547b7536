/** /auth and /auth2: session, sign-in, sign-out (here or everywhere) and set-password (spec/1-product-frame.md §7). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { route } from "../http/contractRoutes.ts";
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
const TOKEN_RATE = { config: { rateLimit: routeLimit(RATE_LIMITS.passwordToken) } };

export function authRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "pulseCheck", async (request) => presentPulse(requireUser(request), request.session!));

    route(app, ctx, "login", async (request, reply) => {
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

    route(app, ctx, "logout", async (request, reply) => {
      await signOut(ctx, request.session);
      clearSessionCookies(ctx, reply);
      return { ok: true };
    });

    route(app, ctx, "logoutEverywhere", async (request, reply) => {
      const ended = await signOutEverywhere(ctx, requireUser(request).id);
      clearSessionCookies(ctx, reply);
      return { ok: true, ended_sessions: ended };
    });

    route(app, ctx, "checkPasswordToken", TOKEN_RATE, async (request) => {
      if (!(await isPasswordTokenValid(ctx.store.db, request.body.password_token, nowSeconds()))) {
        throw new AppError("token_invalid");
      }
      return { valid: true };
    });

    route(app, ctx, "setupPassword", TOKEN_RATE, async (request) => {
      await setupPassword(ctx, request.body.password_token, request.body.new_password);
      return { ok: true };
    });
  };
}
