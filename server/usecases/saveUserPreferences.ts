/**
 * A staff member saves their preferences (spec/3-staff-administration.md §2.5): stored, then sent to all of their tabs,
 * so the chat list and the notification alerts of every open tab follow without a reload.
 */
import type { UserPreferences } from "../../common/schemas/auth.ts";
import type { PreferenceFlag } from "../../common/schemas/profile.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { savePreferences } from "../repositories/preferences.ts";

export async function saveUserPreferences(
  ctx: AppContext,
  userId: number,
  flags: Partial<Record<PreferenceFlag, boolean>>,
): Promise<UserPreferences> {
  const saved = await savePreferences(ctx.store.db, userId, flags, nowSeconds());
  ctx.realtime.toUser(userId, "user_preferences", { user_preferences: saved });
  return saved;
}
