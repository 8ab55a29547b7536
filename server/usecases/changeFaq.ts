/**
 * Add, edit or delete an FAQ (spec/3-staff-administration.md §2.4, §4). The permission is checked before the route runs
 * (common/contract/content.ts); a change to an FAQ that is gone is a 404 and writes nothing.
 */
import type { SubmitFaqBody } from "../../common/schemas/content.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { deleteFaq, type FaqValues, insertFaq, updateFaq } from "../repositories/content.ts";

export type FaqChange =
  | { type: "create"; fields: SubmitFaqBody }
  | { type: "edit"; id: number; fields: SubmitFaqBody }
  | { type: "delete"; id: number };

function columns(fields: SubmitFaqBody): FaqValues {
  return {
    title: fields.title,
    message: fields.message,
    eng_title: fields.engTitle,
    eng_message: fields.engMessage,
    value: fields.value,
  };
}

export async function changeFaq(ctx: AppContext, change: FaqChange): Promise<void> {
  const db = ctx.store.db;
  if (change.type === "create") {
    await insertFaq(db, columns(change.fields));
    return;
  }
  const found =
    change.type === "edit" ? await updateFaq(db, change.id, columns(change.fields)) : await deleteFaq(db, change.id);
  if (!found) throw new AppError("not_found", "This FAQ does not exist (any more).");
}
