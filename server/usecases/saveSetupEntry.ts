/**
 * Creates or edits a category, priority level or server (spec/3-staff-administration.md §2.4): title, value and style,
 * and for a category its per-language titles and violator-form flag. Titles are unique among the
 * live entries of a list, ignoring case (docs/decisions/setup-and-content.md); the check and the write run as the
 * table's only writer, so two parallel saves cannot both take one title. A new category or server
 * goes into every admin's responsibilities in the same transaction.
 */
import type { Language } from "../../common/constants.ts";
import type { AppContext } from "../context.ts";
import { lockSetupTable } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import { giveToEveryAdmin } from "../repositories/employees.ts";
import { liveTitleTaken, type SetupListTable } from "../repositories/setup.ts";

export interface SetupEntryFields {
  title: string;
  value: number;
  style: string;
}

export interface CategoryExtras {
  has_violaters_form: boolean;
  locales: Partial<Record<Language, string>>;
}

export type SaveSetupEntryInput =
  | { table: "categories"; id: number | null; fields: SetupEntryFields & CategoryExtras }
  | { table: "priorities" | "servers"; id: number | null; fields: SetupEntryFields };

function columns(input: SaveSetupEntryInput) {
  const { title, value, style } = input.fields;
  if (input.table !== "categories") return { title, value, style };
  return {
    title,
    value,
    style,
    locales: JSON.stringify(input.fields.locales),
    has_violaters_form: input.fields.has_violaters_form ? 1 : 0,
  };
}

/** Writes the entry; 404 when an edited entry is not live, 409 when the title is taken. */
export async function saveSetupEntry(ctx: AppContext, input: SaveSetupEntryInput): Promise<void> {
  const table: SetupListTable = input.table;
  await ctx.store.db.transaction().execute(async (trx) => {
    await lockSetupTable(trx, ctx.store.engine, table);
    if (await liveTitleTaken(trx, table, input.fields.title, input.id)) throw new AppError("setup_title_taken");
    // The column sets differ per table; each table accepts its own (checked by the input type).
    const values = columns(input) as { title: string; value: number; style: string };
    if (input.id === null) {
      const { id } = await trx.insertInto(table).values(values).returning("id").executeTakeFirstOrThrow();
      // Admins handle every category and server, new ones included (docs/decisions/staff-users.md).
      if (input.table !== "priorities") await giveToEveryAdmin(trx, input.table, id);
      return;
    }
    const result = await trx
      .updateTable(table)
      .set(values)
      .where("id", "=", input.id)
      .where("deleted", "=", 0)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw new AppError("not_found");
  });
}
