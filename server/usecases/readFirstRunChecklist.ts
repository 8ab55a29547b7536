/**
 * The first-run checklist as one admin sees it (docs/decisions/first-start.md): each item ticked
 * from the help desk's state, never from the browser. Once every item is done the checklist is
 * dismissed for good, as an admin's dismissal does, so it never comes back when state changes
 * later (an employee deleted, the integration key unset).
 */
import type { FirstRunChecklist, FirstRunItem } from "../../common/schemas/firstRun.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { readNumberSetting, writeSetting } from "../db/appSettings.ts";
import {
  memberExists,
  otherStaffExists,
  type SetupEntry,
  setupEntries,
  ticketExists,
} from "../repositories/firstRun.ts";
import type { UserRow } from "../repositories/users.ts";
import { BASE_CATEGORIES, BASE_SERVERS } from "../seed/baseData.ts";

/** Whether a list is still the first start's: the same titles, none disabled or deleted. */
function untouched(entries: readonly SetupEntry[], baseTitles: readonly string[]): boolean {
  if (entries.some((e) => e.deleted || e.disabled)) return false;
  const titles = entries.map((e) => e.title).sort();
  const base = [...baseTitles].sort();
  return titles.length === base.length && titles.every((title, i) => title === base[i]);
}

/** Categories and servers count as checked once an admin confirmed them, or once either list was changed. */
async function setupChecked(ctx: AppContext): Promise<boolean> {
  if ((await readNumberSetting(ctx.store.db, "first_run_setup_confirmed_at")) > 0) return true;
  const { categories, servers } = await setupEntries(ctx.store.db);
  return !(
    untouched(
      categories,
      BASE_CATEGORIES.map((c) => c.title),
    ) &&
    untouched(
      servers,
      BASE_SERVERS.map((s) => s.title),
    )
  );
}

export async function readFirstRunChecklist(ctx: AppContext, viewer: UserRow): Promise<FirstRunChecklist> {
  const { db } = ctx.store;
  const integration_key_set = ctx.config.integrationApiKey !== undefined;
  if ((await readNumberSetting(db, "first_run_dismissed_at")) > 0) {
    return { dismissed: true, items: [], integration_key_set };
  }
  const done: Record<FirstRunItem, boolean> = {
    password: viewer.password_generated === 0,
    setup: await setupChecked(ctx),
    staff: await otherStaffExists(db, viewer.id),
    game: await memberExists(db),
    test_ticket: await ticketExists(db),
  };
  const items = (Object.keys(done) as FirstRunItem[]).map((key) => ({ key, done: done[key] }));
  const finished = items.every((item) => item.done);
  if (finished) await writeSetting(db, "first_run_dismissed_at", String(nowSeconds()));
  return { dismissed: finished, items, integration_key_set };
}
