/**
 * Disable an employee (spec/3-staff-administration.md §4) until 19:00 in the business time zone on a chosen date, or
 * indefinitely. It holds at once: their sessions end and their sockets close, they cannot sign
 * in, and Auto and the assign dialog no longer offer them (listActiveStaff skips them).
 */
import { disableEndsAt, isDisableDateAllowed, parseDisableDate } from "../../common/disableDate.ts";
import { DISABLE_INDEFINITE } from "../../common/schemas/staffUsers.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "../policies/policy.ts";
import { type EmployeeRecord, findEmployeeRecord, setDisabled } from "../repositories/employees.ts";
import { signOutEverywhere } from "./signOutEverywhere.ts";
import { keepLastAdmin, targetForChange } from "./staffUserSupport.ts";

/** -1 for indefinite, else the epoch second the disable ends; 422 for a date outside the window. */
export function disableUntil(zone: string, date: string, now: number): number {
  if (date === DISABLE_INDEFINITE) return -1;
  const day = parseDisableDate(date);
  if (!day) {
    throw new AppError("validation", [
      { loc: ["body", "date"], msg: "This date does not exist.", type: "value_error" },
    ]);
  }
  if (!isDisableDateAllowed(zone, day, now)) throw new AppError("disable_date_out_of_range");
  return disableEndsAt(zone, day);
}

export async function disableEmployee(
  ctx: AppContext,
  actor: Actor,
  input: { userId: number; date: string },
): Promise<EmployeeRecord> {
  const db = ctx.store.db;
  const { target } = await targetForChange(db, actor, input.userId, "cannot_change_self");
  const now = nowSeconds();
  const until = disableUntil(ctx.config.businessTimezone, input.date, now);
  await db.transaction().execute(async (trx) => {
    await keepLastAdmin(trx, ctx.store.engine, target);
    await setDisabled(trx, target.user.id, until, now);
  });
  await signOutEverywhere(ctx, target.user.id);
  return (await findEmployeeRecord(db, target.user.id)) ?? target;
}
