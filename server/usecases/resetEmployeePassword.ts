/**
 * Change an employee's password from the staff list (spec/3-staff-administration.md §2.2, §5): not one's own (that is
 * the profile's job, with the old password). The password rules hold; every session of the
 * employee ends and their unused set-up links stop working. Only for an employee whose every
 * permission the caller holds too: setting a password is taking the account.
 */
import { isValidPassword } from "../../common/password.ts";
import { hashPassword } from "../auth/passwords.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "../policies/policy.ts";
import { requireHoldsAllOf } from "../policies/staffUsers.ts";
import { type EmployeeRecord, findEmployeeRecord, revokePasswordTokens } from "../repositories/employees.ts";
import { permissionsOf } from "../repositories/permissions.ts";
import { setUserPasswordHash } from "../repositories/users.ts";
import { signOutEverywhere } from "./signOutEverywhere.ts";
import { targetForChange } from "./staffUserSupport.ts";

export interface ResetPasswordInput {
  userId: number;
  password: string;
  rePassword: string;
}

export async function resetEmployeePassword(
  ctx: AppContext,
  actor: Actor,
  input: ResetPasswordInput,
): Promise<EmployeeRecord> {
  const db = ctx.store.db;
  const { target, held } = await targetForChange(db, actor, input.userId, "cannot_reset_own_password");
  requireHoldsAllOf(held, await permissionsOf(db, target.user));
  if (!isValidPassword(input.password)) throw new AppError("password_invalid");
  if (input.password !== input.rePassword) throw new AppError("passwords_mismatch");
  const passwordHash = await hashPassword(input.password);
  await db.transaction().execute(async (trx) => {
    await setUserPasswordHash(trx, target.user.id, passwordHash, nowSeconds());
    await revokePasswordTokens(trx, target.user.id);
  });
  await signOutEverywhere(ctx, target.user.id);
  return (await findEmployeeRecord(db, target.user.id)) ?? target;
}
