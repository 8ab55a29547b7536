/**
 * Profile pictures live in the upload folder under a random stored name, outside the uploads
 * table (so no ticket-file sweep touches them), and `users.avatar` holds their URL. A new picture
 * gets a new name, so its URL can be cached for good; the old file goes once the row has moved on.
 */
import { AVATAR_PATH_PREFIX } from "../../common/schemas/profile.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { lockUser } from "../db/dialect.ts";
import { updateProfile } from "../repositories/profile.ts";
import type { UserRow } from "../repositories/users.ts";

export function avatarUrl(storedName: string): string {
  return `${AVATAR_PATH_PREFIX}${storedName}`;
}

/** The stored name behind an avatar URL of ours; null for none (or a value from elsewhere). */
export function avatarFile(avatar: string): string | null {
  return avatar.startsWith(AVATAR_PATH_PREFIX) ? avatar.slice(AVATAR_PATH_PREFIX.length) : null;
}

/** Sets a user's avatar ("" for none) and removes the picture it replaces. */
export async function replaceAvatar(ctx: AppContext, userId: number, avatar: string): Promise<UserRow> {
  const { db, engine } = ctx.store;
  const { user, previous } = await db.transaction().execute(async (trx) => {
    // Two uploads at once: each removes exactly the file its own update replaced.
    await lockUser(trx, engine, userId);
    const before = await trx.selectFrom("users").select("avatar").where("id", "=", userId).executeTakeFirstOrThrow();
    return { user: await updateProfile(trx, userId, { avatar }, nowSeconds()), previous: before.avatar };
  });
  const old = avatarFile(previous);
  if (old && previous !== avatar) await ctx.uploads.remove([old]);
  return user;
}
