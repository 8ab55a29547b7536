/** What the staff list's use cases share: the employee they act on and the rank defaults. */
import type { Kysely } from "kysely";
import { PERMISSIONS, type Permission, RANK_DEFAULT_PERMISSIONS, type StaffRank } from "../../common/permissions.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { type EmployeeRecord, findEmployeeRecord } from "../repositories/employees.ts";

/** The employee a call names; a player, a deleted or an unknown id is 404. */
export async function employeeOr404(db: Kysely<Database>, id: number): Promise<EmployeeRecord> {
  const record = await findEmployeeRecord(db, id);
  if (record?.user.class !== "dev") throw new AppError("not_found", "Employee not found.");
  return record;
}

/**
 * A rank's default permissions: the table in common/permissions.ts (the seed copies it into
 * rank_permissions; no screen edits it). The admin rank holds every permission.
 */
export function rankDefaults(rank: StaffRank): Permission[] {
  return rank === "admin" ? [...PERMISSIONS] : [...RANK_DEFAULT_PERMISSIONS[rank]];
}
