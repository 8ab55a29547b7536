/**
 * Disables or enables a category (spec/3-staff-administration.md §2.4, §4). A disabled category stays on existing tickets
 * but is not offered to players and is refused for new tickets and staff moves (fileTicket.ts,
 * categoryChoice.ts). Asking for the state a category already has changes nothing.
 */
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";

export async function setCategoryDisabled(ctx: AppContext, id: number, disabled: boolean): Promise<void> {
  const result = await ctx.store.db
    .updateTable("categories")
    .set({ disabled: disabled ? 1 : 0 })
    .where("id", "=", id)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found");
}
