/**
 * Deletes a category, priority level or server (spec/3-staff-administration.md §2.4): a soft delete, so the entry moves
 * to its list's deleted list and old tickets keep pointing at it. A category that any ticket uses
 * is refused (409), and so is the default priority. A category is locked before its tickets are
 * counted: a ticket being filed under it holds a share lock, so the count sees that ticket.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { lockSetupTable } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import { categoryHasTickets, lockLiveEntry, type SetupListTable, softDeleteEntry } from "../repositories/setup.ts";

export async function deleteSetupEntry(ctx: AppContext, table: SetupListTable, id: number): Promise<void> {
  const { db, engine } = ctx.store;
  await db.transaction().execute(async (trx) => {
    await lockSetupTable(trx, engine, table);
    if (!(await lockLiveEntry(trx, engine, table, id))) throw new AppError("not_found");
    if (table === "categories" && (await categoryHasTickets(trx, id))) throw new AppError("category_in_use");
    if (table === "priorities") {
      const row = await trx.selectFrom("priorities").select("is_default").where("id", "=", id).executeTakeFirst();
      if (row?.is_default) throw new AppError("default_priority_locked");
    }
    await softDeleteEntry(trx, table, id, nowSeconds());
  });
}
