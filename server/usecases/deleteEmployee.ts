/**
 * Delete an employee (spec/3-staff-administration.md §2.2, §5), as help desks do it (docs/decisions/staff-users.md): the
 * account is closed at once (sessions and sockets end, it cannot sign in, Auto no longer sees
 * it), its active tickets are dispersed to matching colleagues like the disperse action does, and
 * those no one matches go back to the queue unassigned. Ended tickets, chat messages and notes
 * keep the employee's name: the history stays true.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { softDeleteUser } from "../repositories/employees.ts";
import { writeAssignment } from "./assignTicket.ts";
import { disperseActiveTickets } from "./disperseTickets.ts";
import { signOutEverywhere } from "./signOutEverywhere.ts";
import { keepLastAdmin, targetForChange } from "./staffUserSupport.ts";
import type { StaffActor } from "./ticketActionSupport.ts";

export interface DeleteEmployeeResult {
  dispersed: number;
  /** Active tickets no one matched: now unassigned. */
  unassigned: number;
}

export async function deleteEmployee(
  ctx: AppContext,
  actor: StaffActor,
  input: { userId: number; ip: string },
): Promise<DeleteEmployeeResult> {
  const db = ctx.store.db;
  const { target } = await targetForChange(db, actor, input.userId, "cannot_delete_self");
  const deleted = await db.transaction().execute(async (trx) => {
    await keepLastAdmin(trx, ctx.store.engine, target);
    return softDeleteUser(trx, target.user.id, nowSeconds());
  });
  if (!deleted) throw new AppError("not_found", "Employee not found.");
  await signOutEverywhere(ctx, target.user.id);

  const { dispersed, unmatched } = await disperseActiveTickets(ctx, actor, target.user.id, input.ip);
  let unassigned = 0;
  for (const ticket of unmatched) {
    const now = nowSeconds();
    const updated = await writeAssignment(ctx, actor, ticket, {
      assignee: null,
      category: ticket.category_id,
      ip: input.ip,
      now,
    });
    if (updated) unassigned++;
  }
  return { dispersed, unassigned };
}
