/**
 * Adds a changelog entry (spec/3-staff-administration.md §5, §7 add-new-changelog): the typed date is a wall-clock time
 * of BUSINESS_TIMEZONE, an empty one means now. Answers the whole list, as the setup lists do.
 */
import { type AddChangelogBody, parseChangelogDate } from "../../common/schemas/changelog.ts";
import { zonedInstant } from "../../common/zonedTime.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { type ChangelogRow, insertChangelog, listChangelogs } from "../repositories/changelogs.ts";

export async function addChangelog(ctx: AppContext, input: AddChangelogBody): Promise<ChangelogRow[]> {
  const now = nowSeconds();
  const typed = input.date ? parseChangelogDate(input.date) : null;
  const date = typed ? zonedInstant(ctx.config.businessTimezone, typed) : now;
  await insertChangelog(ctx.store.db, { date, title: input.title, message: input.message, created_at: now });
  return listChangelogs(ctx.store.db);
}
