/** Set-password with a one-time token (new staff, new members from the game). */
import { isValidPassword } from "../../common/password.ts";
import { hashPassword } from "../auth/passwords.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { consumePasswordToken, isPasswordTokenValid } from "../repositories/passwordTokens.ts";
import { deleteUserSessions } from "../repositories/sessions.ts";
import { setUserPasswordHash } from "../repositories/users.ts";

export async function setupPassword(ctx: AppContext, token: string, password: string): Promise<void> {
  if (!isValidPassword(password)) throw new AppError("password_invalid");
  const db = ctx.store.db;
  // A token that is not valid costs no hash: anyone can call this, and argon2 is dear on purpose.
  if (!(await isPasswordTokenValid(db, token, nowSeconds()))) throw new AppError("token_invalid");
  // Hash first: consuming the token and writing the hash then happen in one short transaction
  // (which checks the token again: it may have been used meanwhile).
  const passwordHash = await hashPassword(password);
  const now = nowSeconds();
  const userId = await db.transaction().execute(async (trx) => {
    const id = await consumePasswordToken(trx, token, now);
    if (id === undefined) return undefined;
    await setUserPasswordHash(trx, id, passwordHash, now);
    return id;
  });
  if (userId === undefined) throw new AppError("token_invalid");
  // A password change ends every session the account had.
  ctx.realtime.endSessions(await deleteUserSessions(db, userId));
}
