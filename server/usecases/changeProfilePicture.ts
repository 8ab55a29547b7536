/** A staff member sets their profile picture (spec/2-staff-ticket-work.md §5, spec/3-staff-administration.md §2.5): a raster image by its bytes. */
import { AVATAR_MAX_BYTES, AVATAR_TYPES } from "../../common/schemas/profile.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import type { UserRow } from "../repositories/users.ts";
import { avatarUrl, replaceAvatar } from "../uploads/avatars.ts";
import type { SavedFile } from "../uploads/storage.ts";

/** `files` are what the form stored; a refusal here has them removed by the form's cleanup. */
export async function changeProfilePicture(ctx: AppContext, userId: number, files: SavedFile[]): Promise<UserRow> {
  const [file] = files;
  if (!file) throw new AppError("picture_missing");
  if (!(AVATAR_TYPES as readonly string[]).includes(file.mime)) throw new AppError("picture_not_image");
  // The form stops a larger file as it streams; this holds for any other caller too.
  if (file.size > AVATAR_MAX_BYTES) throw new AppError("picture_too_large");
  return replaceAvatar(ctx, userId, avatarUrl(file.name));
}
