/**
 * An admin dismisses the first-run checklist for every admin, for good, or says the categories
 * and servers fit as they are (docs/decisions/first-start.md); answers the checklist as it now is.
 */
import type { ChangeFirstRunChecklistBody, FirstRunChecklist } from "../../common/schemas/firstRun.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { readNumberSetting, writeSetting } from "../db/appSettings.ts";
import type { UserRow } from "../repositories/users.ts";
import { readFirstRunChecklist } from "./readFirstRunChecklist.ts";

const SETTING = {
  dismiss: "first_run_dismissed_at",
  confirm_setup: "first_run_setup_confirmed_at",
} as const;

export async function changeFirstRunChecklist(
  ctx: AppContext,
  viewer: UserRow,
  input: ChangeFirstRunChecklistBody,
): Promise<FirstRunChecklist> {
  const key = SETTING[input.action];
  // The first moment is kept: a second click (another tab, another admin) changes nothing.
  if ((await readNumberSetting(ctx.store.db, key)) === 0) await writeSetting(ctx.store.db, key, String(nowSeconds()));
  return readFirstRunChecklist(ctx, viewer);
}
