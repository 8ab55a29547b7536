/**
 * Adds a fast-action excuse, or changes one's text (spec/3-staff-administration.md §2.4, §7). Excuses are named by their
 * text, so two of one action may not read the same (ignoring case): the second would be
 * unreachable by edit and delete. As the table's only writer, so that parallel adds cannot both
 * pass that check.
 */
import type { FastAction } from "../../common/schemas/staffTickets.ts";
import type { AppContext } from "../context.ts";
import { lockSetupTable } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import { excuseTaken, findExcuse, nextExcuseValue } from "../repositories/excuses.ts";

export type SaveExcuseInput =
  | { action: FastAction; excuse: string }
  /** An edit names the excuse by the text the page showed. */
  | { action: FastAction; previous: string; excuse: string };

export async function saveFastActionExcuse(ctx: AppContext, input: SaveExcuseInput): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    await lockSetupTable(trx, ctx.store.engine, "fast_action_excuses");
    const existing = "previous" in input ? await findExcuse(trx, input.action, input.previous) : undefined;
    if ("previous" in input && !existing) throw new AppError("not_found", "This reason no longer exists.");
    if (await excuseTaken(trx, input.action, input.excuse, existing?.id ?? null)) throw new AppError("excuse_taken");
    if (existing) {
      await trx
        .updateTable("fast_action_excuses")
        .set({ excuse: input.excuse })
        .where("id", "=", existing.id)
        .execute();
      return;
    }
    const value = await nextExcuseValue(trx, input.action);
    await trx.insertInto("fast_action_excuses").values({ action: input.action, excuse: input.excuse, value }).execute();
  });
}
