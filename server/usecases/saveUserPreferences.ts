/**
 * A staff member saves their preferences (spec/3-staff-administration.md §2.5) or the ticket list's
 * columns (docs/decisions/views.md): stored, then sent to all of their tabs,
 * so the chat list and the notification alerts of every open tab follow without a reload.
 */
import type { UserPreferences } from "../../common/schemas/auth.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { type PreferenceChanges, savePreferences } from "../repositories/preferences.ts";

export async function saveUserPreferences(
  ctx: AppContext,
  userId: number,
  changes: PreferenceChanges,
): Promise<UserPreferences> {
  const saved = await savePreferences(ctx.store.db, userId, changes, nowSeconds());
  ctx.realtime.toUser(userId, "user_preferences", { user_preferences: saved });
  return saved;
}
