/** A staff member renames themselves (spec/3-staff-administration.md §2.5, §5): unique among active staff, ignoring case. */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { updateProfile } from "../repositories/profile.ts";
import { isStaffNameViolation, lockStaffNames, staffNameTaken } from "../repositories/staffNames.ts";
import type { UserRow } from "../repositories/users.ts";

export async function changeProfileName(ctx: AppContext, userId: number, name: string): Promise<UserRow> {
  const { db, engine } = ctx.store;
  try {
    // The check and the write run under one lock, so that a taken name is refused in words; the
    // unique index (migration 0030) refuses what a writer outside the lock got in meanwhile.
    return await db.transaction().execute(async (trx) => {
      await lockStaffNames(trx, engine);
      if (await staffNameTaken(trx, name, userId)) throw new AppError("username_taken");
      return updateProfile(trx, userId, { name }, nowSeconds());
    });
  } catch (error) {
    if (isStaffNameViolation(error)) throw new AppError("username_taken");
    throw error;
  }
}
