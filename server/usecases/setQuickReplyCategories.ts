/**
 * Sets the categories a quick reply is offered in (spec/3-staff-administration.md §2.4): the list replaces the old one,
 * and an empty list makes it a general reply, offered in every category. Each category must be a
 * live one (a disabled category may be chosen: it can be enabled again).
 */
import type { AppContext } from "../context.ts";
import { lockSetupTable } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import { findQuickReply, replaceQuickReplyCategories } from "../repositories/quickReplies.ts";

export async function setQuickReplyCategories(ctx: AppContext, id: number, categoryIds: number[]): Promise<void> {
  const db = ctx.store.db;
  await db.transaction().execute(async (trx) => {
    // As the table's only writer: a parallel delete of the reply cannot slip between check and insert.
    await lockSetupTable(trx, ctx.store.engine, "quick_replies");
    if (!(await findQuickReply(trx, id))) throw new AppError("not_found");
    if (categoryIds.length > 0) {
      const live = await trx
        .selectFrom("categories")
        .select("id")
        .where("id", "in", categoryIds)
        .where("deleted", "=", 0)
        .execute();
      const known = new Set(live.map((c) => c.id));
      const unknown = categoryIds.filter((c) => !known.has(c));
      if (unknown.length > 0) {
        throw new AppError("validation", [
          { loc: ["body", "categories"], msg: `This category does not exist: ${unknown[0]}.`, type: "not_found" },
        ]);
      }
    }
    await replaceQuickReplyCategories(trx, id, categoryIds);
  });
}
