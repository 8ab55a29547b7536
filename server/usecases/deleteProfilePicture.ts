/** A staff member removes their profile picture; the file goes with it. */
import type { AppContext } from "../context.ts";
import type { UserRow } from "../repositories/users.ts";
import { replaceAvatar } from "../uploads/avatars.ts";

export function deleteProfilePicture(ctx: AppContext, userId: number): Promise<UserRow> {
  return replaceAvatar(ctx, userId, "");
}
