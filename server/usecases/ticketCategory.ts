/**
 * The category a ticket is filed under or moved into must be live and enabled (spec/3-staff-administration.md §2.4, §4:
 * a disabled category takes no new tickets). Read under a share lock inside the ticket's
 * transaction, so that a delete or disable of the category running at the same time either waits
 * for the ticket (and then counts it) or is seen by it.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { lockCategoryForTicket } from "../repositories/setup.ts";

export async function requireOpenCategory(
  db: Kysely<Database>,
  engine: Engine,
  categoryId: number,
  field: string,
): Promise<void> {
  const row = await lockCategoryForTicket(db, engine, categoryId);
  const msg =
    !row || row.deleted ? "This category does not exist." : row.disabled ? "This category is disabled." : null;
  if (msg) throw new AppError("validation", [{ loc: ["body", field], msg, type: "value_error" }]);
}
