/** SQL for the fast-action excuse lists (spec/3-staff-administration.md §2.4): reasons named by their action and text. */
import type { Kysely } from "kysely";
import type { FastAction } from "../../common/schemas/staffTickets.ts";
import type { Database } from "../db/schema.ts";

/** The excuse of this action with this exact text. */
export function findExcuse(db: Kysely<Database>, action: FastAction, excuse: string) {
  return db
    .selectFrom("fast_action_excuses")
    .select(["id", "excuse"])
    .where("action", "=", action)
    .where("excuse", "=", excuse)
    .executeTakeFirst();
}

/** Whether another excuse of the action reads the same, ignoring case and outer spaces. */
export async function excuseTaken(
  db: Kysely<Database>,
  action: FastAction,
  excuse: string,
  exceptId: number | null,
): Promise<boolean> {
  const rows = await db
    .selectFrom("fast_action_excuses")
    .select(["id", "excuse"])
    .where("action", "=", action)
    .execute();
  const wanted = excuse.trim().toLocaleLowerCase();
  return rows.some((row) => row.id !== exceptId && row.excuse.trim().toLocaleLowerCase() === wanted);
}

/** The sort value after the action's last excuse: a new one goes to the end of its list. */
export async function nextExcuseValue(db: Kysely<Database>, action: FastAction): Promise<number> {
  const row = await db
    .selectFrom("fast_action_excuses")
    .select((eb) => eb.fn.max("value").as("last"))
    .where("action", "=", action)
    .executeTakeFirst();
  return Number(row?.last ?? 0) + 1;
}
