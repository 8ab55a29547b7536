/** Enable a disabled employee (spec/3-staff-administration.md §4): they may sign in and take tickets again at once. */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { Actor } from "../policies/policy.ts";
import { type EmployeeRecord, findEmployeeRecord, setDisabled } from "../repositories/employees.ts";
import { targetForChange } from "./staffUserSupport.ts";

export async function enableEmployee(ctx: AppContext, actor: Actor, userId: number): Promise<EmployeeRecord> {
  const db = ctx.store.db;
  const { target } = await targetForChange(db, actor, userId);
  await setDisabled(db, target.user.id, 0, nowSeconds());
  return (await findEmployeeRecord(db, target.user.id)) ?? target;
}
