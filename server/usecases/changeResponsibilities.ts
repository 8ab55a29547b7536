/**
 * Edit an employee's responsibilities (spec/3-staff-administration.md §2.2): the categories and servers they handle, and
 * so which tickets Auto and the assign dialog may give them. Every id must name a live category
 * or server; the lists replace the old ones. One's own lists only for an admin.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { lockUser } from "../db/dialect.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "../policies/policy.ts";
import { responsibilitiesSelfRefusal } from "../policies/staffUsers.ts";
import { type EmployeeRecord, findEmployeeRecord, replaceResponsibilities } from "../repositories/employees.ts";
import { listCategories, listServers } from "../repositories/setup.ts";
import { targetForChange } from "./staffUserSupport.ts";

export interface ChangeResponsibilitiesInput {
  userId: number;
  categories: number[];
  servers: number[];
}

export async function changeResponsibilities(
  ctx: AppContext,
  actor: Actor,
  input: ChangeResponsibilitiesInput,
): Promise<EmployeeRecord> {
  const db = ctx.store.db;
  const { target } = await targetForChange(db, actor, input.userId, responsibilitiesSelfRefusal(actor));
  const categories = [...new Set(input.categories)];
  const servers = [...new Set(input.servers)];
  const [liveCategories, liveServers] = await Promise.all([listCategories(db, false), listServers(db, false)]);
  const unknown = [
    ...categories
      .filter((id) => !liveCategories.some((c) => c.id === id))
      .map((id) => ({ loc: ["body", "categories"], msg: `Category ${id} does not exist.`, type: "not_found" })),
    ...servers
      .filter((id) => !liveServers.some((s) => s.id === id))
      .map((id) => ({ loc: ["body", "servers"], msg: `Server ${id} does not exist.`, type: "not_found" })),
  ];
  if (unknown.length) throw new AppError("validation", unknown);
  await db.transaction().execute(async (trx) => {
    // Two edits at once take turns: each replaces the lists whole, so the last one stands.
    await lockUser(trx, ctx.store.engine, target.user.id);
    await replaceResponsibilities(trx, target.user.id, categories, servers, nowSeconds());
  });
  return (await findEmployeeRecord(db, target.user.id)) ?? target;
}
