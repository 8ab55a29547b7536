/** What the staff list's use cases share: the employee they act on and the rank defaults. */
import type { Kysely, Transaction } from "kysely";
import { type Permission, RANK_DEFAULT_PERMISSIONS, type StaffRank } from "../../common/permissions.ts";
import type { Engine } from "../db/database.ts";
import { lockAdmins } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { type Actor, isAdmin, isStaff } from "../policies/policy.ts";
import { changeRefusal, requireNotSelf, type SelfRefusal } from "../policies/staffUsers.ts";
import { type EmployeeRecord, findEmployeeRecord, otherActiveAdmins } from "../repositories/employees.ts";
import { permissionsOf } from "../repositories/permissions.ts";

/** The employee a call names; a player, a deleted or an unknown id is 404. */
export async function employeeOr404(db: Kysely<Database>, id: number): Promise<EmployeeRecord> {
  const record = await findEmployeeRecord(db, id);
  if (!record || !isStaff(record.user)) throw new AppError("not_found", "Employee not found.");
  return record;
}

/**
 * A rank's default permissions: the table in common/permissions.ts (the seed copies it into
 * rank_permissions; no screen edits it). The admin row is every permission (holdsEveryPermission).
 */
export function rankDefaults(rank: StaffRank): Permission[] {
  return [...RANK_DEFAULT_PERMISSIONS[rank]];
}

/**
 * The employee a change from the staff list acts on, after the rules every such change shares:
 * not oneself (where the call says so), a live employee, users:set_admin for an admin, and a
 * higher rank than theirs (an admin acts on anyone). Answers the target and the editor's own
 * permissions.
 */
export async function targetForChange(
  db: Kysely<Database>,
  actor: Actor,
  userId: number,
  self?: SelfRefusal,
): Promise<{ target: EmployeeRecord; held: Permission[] }> {
  if (self) requireNotSelf(actor, userId, self);
  const target = await employeeOr404(db, userId);
  const held = await permissionsOf(db, actor);
  const refusal = changeRefusal(actor, held, target.user, self);
  if (refusal) throw new AppError(refusal);
  return { target, held };
}

/**
 * The last live, enabled admin cannot be demoted, disabled or deleted (last_admin). Checked in the
 * write's own transaction with the admins locked, so that parallel changes cannot each remove
 * "another" admin and leave none.
 */
export async function keepLastAdmin(trx: Transaction<Database>, engine: Engine, target: EmployeeRecord): Promise<void> {
  if (!isAdmin(target.user)) return;
  await lockAdmins(trx, engine);
  if ((await otherActiveAdmins(trx, target.user.id)) === 0) throw new AppError("last_admin");
}
