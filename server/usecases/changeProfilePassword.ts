/**
 * A staff member changes their own password (spec/3-staff-administration.md §2.5, §5): the current password first, then
 * the new one; every session of the account ends and this browser gets a fresh one.
 */
import { isValidPassword } from "../../common/password.ts";
import { hashPassword } from "../auth/passwords.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { updateProfile } from "../repositories/profile.ts";
import { deleteUserSessions } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";
import { requireCurrentPassword } from "./currentPassword.ts";
import { type RequestOrigin, type StartedSession, startSession } from "./startSession.ts";

export interface ChangeProfilePasswordInput {
  user: UserRow;
  currentPassword: string;
  password: string;
  origin: RequestOrigin;
}

export async function changeProfilePassword(
  ctx: AppContext,
  input: ChangeProfilePasswordInput,
): Promise<{ user: UserRow; started: StartedSession }> {
  const { user } = input;
  if (!isValidPassword(input.password)) throw new AppError("password_invalid");
  await requireCurrentPassword(ctx, user, input.currentPassword);
  const passwordHash = await hashPassword(input.password);
  const changed = await updateProfile(
    ctx.store.db,
    user.id,
    { password_hash: passwordHash, password_generated: 0 },
    nowSeconds(),
  );
  // Every session ends, this one included (DESIGN: sessions end on a password change); the
  // browser that made the change is handed a new one so that its user stays signed in.
  ctx.realtime.endSessions(await deleteUserSessions(ctx.store.db, user.id));
  const started = await startSession(ctx, { user: changed, kind: "user", origin: input.origin, previous: null });
  return { user: changed, started };
}
