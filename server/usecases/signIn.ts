/** Sign-in: throttle, bot check, password, account state, then a fresh session. */
import type { FastifyReply, FastifyRequest } from "fastify";
import type { LoginBody } from "../../common/schemas/auth.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { findAccountByEmail, isDisabled } from "../repositories/users.ts";
import { startSession } from "./startSession.ts";

export async function signIn(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, body: LoginBody) {
  if (request.user && request.session?.kind === "user") throw new AppError("already_signed_in");
  const account = body.username.toLowerCase();
  const wait = ctx.throttle.retryAfter(request.ip, account);
  if (wait > 0) throw new AppError("too_many_sign_in_attempts", undefined, { "retry-after": String(wait) });
  if (ctx.captcha.mode !== "off") {
    if (!body.captchaToken) throw new AppError("captcha_required");
    if (!(await ctx.captcha.verifyOnce(body.captchaToken))) throw new AppError("captcha_failed");
  }
  const user = await findAccountByEmail(ctx.store.db, account);
  const valid = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !valid) {
    ctx.throttle.recordFailure(request.ip, account);
    throw new AppError("invalid_credentials");
  }
  if (isDisabled(user, nowSeconds())) throw new AppError("account_disabled");
  ctx.throttle.recordSuccess(account);
  const session = await startSession(ctx, request, reply, user, "user");
  return { user, session };
}
