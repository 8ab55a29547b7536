/**
 * A staff member changes their sign-in e-mail (spec/3-staff-administration.md §2.5, §5): unique among accounts, and only
 * with the current password, as the password change: the e-mail is half of the sign-in, so a
 * session left open or stolen must not be enough to move the account to another address.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { isUniqueViolation } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import { accountEmailTaken, updateProfile } from "../repositories/profile.ts";
import type { UserRow } from "../repositories/users.ts";
import { requireCurrentPassword } from "./currentPassword.ts";

export interface ChangeProfileEmailInput {
  user: UserRow;
  currentPassword: string;
  email: string;
}

export async function changeProfileEmail(ctx: AppContext, input: ChangeProfileEmailInput): Promise<UserRow> {
  const { user, email } = input;
  const db = ctx.store.db;
  // The password first: without it, the call does not even say whether an address is taken.
  await requireCurrentPassword(ctx, user, input.currentPassword);
  if (await accountEmailTaken(db, email, user.id)) throw new AppError("email_taken");
  try {
    return await updateProfile(db, user.id, { email }, nowSeconds());
  } catch (error) {
    // Taken between the check and the write (another rename, the game's member integration):
    // the unique index refuses it, and the caller hears the same as above.
    if (isUniqueViolation(error)) throw new AppError("email_taken");
    throw error;
  }
}
