/**
 * The desk-wide settings (docs/decisions/assignment.md): read by every employee, changed by whoever
 * passes change-desk-settings' access (the admin rank). Kept in app_settings, so every node reads
 * the same value from the database.
 */
import { ENDPOINTS } from "../../common/contract/endpoints.ts";
import type { ChangeDeskSettingsBody, DeskSettingsResponse } from "../../common/schemas/deskSettings.ts";
import type { AppContext } from "../context.ts";
import { readSetting, writeSetting } from "../db/appSettings.ts";
import { mayAccess } from "../policies/access.ts";
import type { UserRow } from "../repositories/users.ts";

export async function readDeskSettings(ctx: AppContext, viewer: UserRow): Promise<DeskSettingsResponse> {
  const db = ctx.store.db;
  return {
    settings: { assign_on_first_reply: (await readSetting(db, "assign_on_first_reply")) === "1" },
    may_change: await mayAccess(db, viewer, ENDPOINTS.changeDeskSettings.access),
  };
}

export async function changeDeskSettings(
  ctx: AppContext,
  viewer: UserRow,
  input: ChangeDeskSettingsBody,
): Promise<DeskSettingsResponse> {
  if (input.assign_on_first_reply !== undefined) {
    await writeSetting(ctx.store.db, "assign_on_first_reply", input.assign_on_first_reply ? "1" : "0");
  }
  return readDeskSettings(ctx, viewer);
}
