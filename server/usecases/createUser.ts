/**
 * Create a user (spec/3-staff-administration.md §4, §5): a player or an employee with a rank not above the creator's,
 * whose permissions are the rank's defaults as the dialog adjusted them. The account has no
 * password yet: the answer holds a one-time set-up token for the /setup-password/{token} link.
 */
import type { Permission, StaffRank } from "../../common/permissions.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import type { Actor } from "../policies/policy.ts";
import {
  adjustedPermissions,
  requireAdminRights,
  requireHeldPermissions,
  requireRankWithin,
} from "../policies/staffUsers.ts";
import { type EmployeeRecord, isEmailRegistered } from "../repositories/employees.ts";
import { createPasswordToken } from "../repositories/passwordTokens.ts";
import { permissionsOf } from "../repositories/permissions.ts";
import { freeName, isStaffNameViolation, lockStaffNames, nameFromEmail } from "../repositories/staffNames.ts";
import { insertUser } from "../seed/users.ts";
import { rankDefaults } from "./staffUserSupport.ts";

export interface CreateUserInput {
  email: string;
  userClass: "user" | "dev";
  /** Required for employees. */
  rank: StaffRank | undefined;
  add: Permission[];
  remove: Permission[];
}

export async function createUser(
  ctx: AppContext,
  actor: Actor,
  input: CreateUserInput,
): Promise<{ record: EmployeeRecord; token: string }> {
  const db = ctx.store.db;
  const staff = input.userClass === "dev" && input.rank !== undefined ? input.rank : null;
  let permissions: Permission[] = [];
  if (staff) {
    const held = await permissionsOf(db, actor);
    requireAdminRights(held, null, staff);
    requireRankWithin(actor, staff);
    permissions = adjustedPermissions(rankDefaults(staff), input.add, input.remove);
    // The new account's whole list, the rank's defaults included: whoever sets its password holds
    // it, so a creator may hand out only what they hold themselves (admin: everything).
    requireHeldPermissions(held, permissions);
  }
  if (await isEmailRegistered(db, input.email)) throw new AppError("email_exists");
  const now = nowSeconds();
  try {
    return await db.transaction().execute(async (trx) => {
      // Chosen and written under the staff-name lock: a creation or rename running at the same
      // time sees this name taken, and this one theirs.
      await lockStaffNames(trx, ctx.store.engine);
      const name = await freeName(trx, ctx.store.engine, nameFromEmail(input.email), "everyone");
      const user = await insertUser(
        trx,
        {
          class: staff ? "dev" : "user",
          rank: staff ?? "user",
          name,
          email: input.email,
          passwordHash: null,
          permissions,
        },
        now,
      );
      const { characters: _characters, ...row } = user;
      const token = await createPasswordToken(trx, user.id);
      return { record: { user: row, categories: [], servers: [] }, token };
    });
  } catch (error) {
    // Two creations of one address at once: the unique index lets one through.
    if (await isEmailRegistered(db, input.email)) throw new AppError("email_exists");
    // A name written meanwhile by a writer outside the lock: refused by the index of migration 0030.
    if (isStaffNameViolation(error)) throw new AppError("username_taken");
    throw error;
  }
}
