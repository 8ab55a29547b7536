/** Deletes a fast-action excuse, named by its action and text (spec/3-staff-administration.md §2.4, §7). */
import type { FastAction } from "../../common/schemas/staffTickets.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";

export async function deleteFastActionExcuse(ctx: AppContext, action: FastAction, excuse: string): Promise<void> {
  const result = await ctx.store.db
    .deleteFrom("fast_action_excuses")
    .where("action", "=", action)
    .where("excuse", "=", excuse)
    .executeTakeFirst();
  if (Number(result.numDeletedRows) === 0) throw new AppError("not_found", "This reason no longer exists.");
}
