/** Sign-in: bot check, a reserved attempt, password, account state, then a fresh session. */
import type { LoginBody } from "../../common/schemas/auth.ts";
import { deviceNonce, makeDeviceToken } from "../auth/deviceCookie.ts";
import { verifyPassword } from "../auth/passwords.ts";
import { reserveSignIn } from "../auth/throttle.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { addressKey } from "../ratelimit/address.ts";
import { findAccountByEmail, isDisabled, type UserRow } from "../repositories/users.ts";
import { type CurrentSession, type RequestOrigin, type StartedSession, startSession } from "./startSession.ts";

export interface SignInInput {
  body: LoginBody;
  origin: RequestOrigin;
  current: CurrentSession;
  /** The browser's device cookie, if it sent one (deviceCookie.ts). */
  deviceToken?: string | undefined;
}

export async function signIn(
  ctx: AppContext,
  input: SignInInput,
): Promise<{ user: UserRow; deviceToken: string } & StartedSession> {
  const { body, origin, current } = input;
  if (current.user && current.session?.kind === "user") throw new AppError("already_signed_in");
  const account = body.username.toLowerCase();
  let captchaSolved = false;
  if (ctx.captcha.mode !== "off") {
    if (!body.captchaToken) throw new AppError("captcha_required");
    if (!(await ctx.captcha.verifyOnce(body.captchaToken))) throw new AppError("captcha_failed");
    captchaSolved = true;
  }
  // Reserve before argon2: parallel attempts cannot all be checked before one is counted.
  const device = deviceNonce(ctx.config.secrets.session, input.deviceToken, account);
  const reserved = await reserveSignIn(ctx.limits, { account, address: addressKey(origin.ip), captchaSolved, device });
  if (!reserved.allowed) {
    throw new AppError("too_many_sign_in_attempts", undefined, { "retry-after": String(reserved.retryAfter) });
  }
  const user = await findAccountByEmail(ctx.store.db, account);
  const valid = await verifyPassword(user?.password_hash ?? null, body.password);
  if (!user || !valid) throw new AppError("invalid_credentials");
  await reserved.reservation.succeeded();
  if (isDisabled(user, nowSeconds())) throw new AppError("account_disabled");
  const started = await startSession(ctx, { user, kind: "user", origin, previous: current.session });
  // This browser is known to this account from now on (a fresh nonce each time).
  return { user, deviceToken: makeDeviceToken(ctx.config.secrets.session, account), ...started };
}
