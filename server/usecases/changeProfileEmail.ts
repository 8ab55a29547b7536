/** A staff member changes their sign-in e-mail (spec 3 §2.5, §5): unique among accounts. */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { isUniqueViolation } from "../db/dialect.ts";
import { AppError } from "../http/errors.ts";
import { accountEmailTaken, updateProfile } from "../repositories/profile.ts";
import type { UserRow } from "../repositories/users.ts";

export async function changeProfileEmail(ctx: AppContext, userId: number, email: string): Promise<UserRow> {
  const db = ctx.store.db;
  if (await accountEmailTaken(db, email, userId)) throw new AppError("email_taken");
  try {
    return await updateProfile(db, userId, { email }, nowSeconds());
  } catch (error) {
    // Taken between the check and the write (another rename, the game's member integration):
    // the unique index refuses it, and the caller hears the same as above.
    if (isUniqueViolation(error)) throw new AppError("email_taken");
    throw error;
  }
}
