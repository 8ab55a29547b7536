/** A staff member renames themselves (spec 3 §2.5, §5): unique among active staff, ignoring case. */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { lockCheck } from "../db/dialect.ts";
import { AppError } from "../http/errors.ts";
import { staffNameTaken, updateProfile } from "../repositories/profile.ts";
import type { UserRow } from "../repositories/users.ts";

/** The advisory lock of staff renames: "name" in ASCII. */
const STAFF_NAME_LOCK = 0x6e616d65;

export async function changeProfileName(ctx: AppContext, userId: number, name: string): Promise<UserRow> {
  const { db, engine } = ctx.store;
  // No unique index can say "unique among active staff, ignoring case", so the check and the
  // write run under one lock: two staff taking the same name at once cannot both pass.
  return db.transaction().execute(async (trx) => {
    await lockCheck(trx, engine, STAFF_NAME_LOCK);
    if (await staffNameTaken(trx, name, userId)) throw new AppError("username_taken");
    return updateProfile(trx, userId, { name }, nowSeconds());
  });
}
