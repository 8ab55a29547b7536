/** Deletes a quick reply and its category links for good (spec/3-staff-administration.md §2.4: "lost indefinitely"). */
import type { AppContext } from "../context.ts";
import { lockSetupTable } from "../db/dialect.ts";
import { AppError } from "../errors.ts";

export async function deleteQuickReply(ctx: AppContext, id: number): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    // As the table's only writer: a category change of the same reply waits, then finds it gone.
    await lockSetupTable(trx, ctx.store.engine, "quick_replies");
    await trx.deleteFrom("quick_reply_categories").where("quick_reply_id", "=", id).execute();
    const result = await trx.deleteFrom("quick_replies").where("id", "=", id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw new AppError("not_found");
  });
}
