/**
 * Edit an employee's rank and permissions (spec/3-staff-administration.md §4, §5). The new list is what the employee
 * holds now (every permission, for an admin) plus add_list minus remove_list; each permission
 * named must be one the editor holds, the admin rank or an admin needs users:set_admin, and the
 * new rank is not above the editor's own.
 *
 * Immediate effect: rights are read from the database on every request, so the next call already
 * sees the new list. A rank change signs the employee out everywhere (spec/3-staff-administration.md §4); a change of
 * permissions alone keeps their session and tells their open pages (`permissions_changed`), which
 * load the list again.
 */
import type { Permission, StaffRank } from "../../common/permissions.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { lockUser } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "../policies/policy.ts";
import {
  adjustedPermissions,
  requireAdminRights,
  requireDisjoint,
  requireHeldPermissions,
  requireRankWithin,
} from "../policies/staffUsers.ts";
import {
  type EmployeeRecord,
  findEmployeeRecord,
  replacePermissions,
  setRank,
  touchUser,
} from "../repositories/employees.ts";
import { permissionsOf } from "../repositories/permissions.ts";
import { findUserById } from "../repositories/users.ts";
import { signOutEverywhere } from "./signOutEverywhere.ts";
import { keepLastAdmin, targetForChange } from "./staffUserSupport.ts";

export interface ChangeUserPermissionsInput {
  userId: number;
  rank: StaffRank;
  add: Permission[];
  remove: Permission[];
}

export async function changeUserPermissions(
  ctx: AppContext,
  actor: Actor,
  input: ChangeUserPermissionsInput,
): Promise<EmployeeRecord> {
  const db = ctx.store.db;
  const { target, held } = await targetForChange(db, actor, input.userId, "cannot_change_self");
  requireAdminRights(held, target.user, input.rank);
  requireRankWithin(actor, input.rank);
  requireDisjoint(input.add, input.remove);
  requireHeldPermissions(held, [...input.add, ...input.remove]);
  const fromRank = target.user.rank as StaffRank;
  const rankChanged = input.rank !== fromRank;

  const now = nowSeconds();
  const written = await db.transaction().execute(async (trx) => {
    // The admins first (the last-admin rule locks them in id order), then this employee: two
    // edits at once take turns, and each adjusts the list the other left, so neither is lost.
    if (rankChanged) await keepLastAdmin(trx, ctx.store.engine, target);
    await lockUser(trx, ctx.store.engine, target.user.id);
    // Read again under the lock: a rank changed meanwhile (an admin demoted) would otherwise make
    // this edit write the list of the rank it was read with.
    const current = await findUserById(trx, target.user.id);
    if (!current || current.rank !== fromRank) return "stale";
    const before = await permissionsOf(trx, current);
    const after = adjustedPermissions(before, input.add, input.remove);
    const changed = rankChanged || after.length !== before.length || after.some((p) => !before.includes(p));
    if (!changed) return "unchanged";
    if (rankChanged && !(await setRank(trx, target.user.id, fromRank, input.rank, now))) return "stale";
    await replacePermissions(trx, target.user.id, after);
    if (!rankChanged) await touchUser(trx, target.user.id, now);
    return "written";
  });
  if (written === "unchanged") return target;
  if (written === "stale") throw new AppError("user_changed");
  if (rankChanged) await signOutEverywhere(ctx, target.user.id);
  else ctx.realtime.toUser(target.user.id, "permissions_changed", {});
  return (await findEmployeeRecord(db, target.user.id)) ?? target;
}
