/**
 * The current password that a staff member gives before changing how the account signs in: the
 * password itself (changeProfilePassword) and the sign-in e-mail (changeProfileEmail). One check
 * and one limit for both, so that a stolen session can neither take the account over nor guess
 * the password by trying either form.
 */
import { verifyPassword } from "../auth/passwords.ts";
import type { AppContext } from "../context.ts";
import { AppError, issue } from "../errors.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import type { UserRow } from "../repositories/users.ts";

/** Answers 422 `current_password_wrong` for a wrong one, 429 past the limit (the right one too). */
export async function requireCurrentPassword(
  ctx: AppContext,
  user: Pick<UserRow, "id" | "password_hash">,
  currentPassword: string,
): Promise<void> {
  // Reserved before argon2 runs, as at sign-in: parallel guesses cannot all be checked.
  const key = `current-password:${user.id}`;
  const reserved = await ctx.limits.consume(key, RATE_LIMITS.currentPassword);
  if (!reserved.allowed) {
    throw new AppError("rate_limited", undefined, { "retry-after": String(reserved.retryAfterSeconds) });
  }
  if (!(await verifyPassword(user.password_hash, currentPassword))) {
    throw new AppError("current_password_wrong", [
      issue("The current password is wrong.", "current_password_wrong", ["body", "current_password"]),
    ]);
  }
  await ctx.limits.release(key, RATE_LIMITS.currentPassword, 1, reserved.window);
}
