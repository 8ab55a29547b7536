/** Enable a disabled employee (spec 3 §4): they may sign in and take tickets again at once. */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { Actor } from "../policies/policy.ts";
import { requireAdminRights } from "../policies/staffUsers.ts";
import { type EmployeeRecord, findEmployeeRecord, setDisabled } from "../repositories/employees.ts";
import { permissionsOf } from "../repositories/permissions.ts";
import { employeeOr404 } from "./staffUserSupport.ts";

export async function enableEmployee(ctx: AppContext, actor: Actor, userId: number): Promise<EmployeeRecord> {
  const db = ctx.store.db;
  const target = await employeeOr404(db, userId);
  requireAdminRights(await permissionsOf(db, actor), target.user);
  await setDisabled(db, target.user.id, 0, nowSeconds());
  return (await findEmployeeRecord(db, target.user.id)) ?? target;
}
