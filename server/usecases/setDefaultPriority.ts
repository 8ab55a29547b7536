/**
 * Makes one live priority level the default, the one new tickets get (spec/3-staff-administration.md §2.4). As the
 * table's only writer, so that two parallel choices leave exactly one default.
 */
import type { AppContext } from "../context.ts";
import { lockSetupTable } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import { lockLiveEntry } from "../repositories/setup.ts";

export async function setDefaultPriority(ctx: AppContext, id: number): Promise<void> {
  const { db, engine } = ctx.store;
  await db.transaction().execute(async (trx) => {
    await lockSetupTable(trx, engine, "priorities");
    if (!(await lockLiveEntry(trx, engine, "priorities", id))) throw new AppError("not_found");
    await trx
      .updateTable("priorities")
      .set({ is_default: 0 })
      .where("is_default", "=", 1)
      .where("id", "!=", id)
      .execute();
    await trx.updateTable("priorities").set({ is_default: 1 }).where("id", "=", id).execute();
  });
}
