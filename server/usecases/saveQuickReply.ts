/**
 * Creates or edits a quick reply's title and message (spec/3-staff-administration.md §2.4). Titles are unique, ignoring
 * case: staff pick a reply by its title on the ticket page (docs/decisions/setup-and-content.md). A new reply has
 * no categories, which makes it a general one until categories are set.
 */
import type { AppContext } from "../context.ts";
import { lockSetupTable } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import { liveTitleTaken } from "../repositories/setup.ts";

export interface SaveQuickReplyInput {
  id: number | null;
  title: string;
  message: string;
}

export async function saveQuickReply(ctx: AppContext, input: SaveQuickReplyInput): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    await lockSetupTable(trx, ctx.store.engine, "quick_replies");
    if (await liveTitleTaken(trx, "quick_replies", input.title, input.id)) throw new AppError("setup_title_taken");
    const values = { title: input.title, message: input.message };
    if (input.id === null) {
      await trx.insertInto("quick_replies").values(values).execute();
      return;
    }
    const result = await trx.updateTable("quick_replies").set(values).where("id", "=", input.id).executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found");
  });
}
