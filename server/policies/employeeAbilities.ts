/**
 * What an employee may do to another from the staff list: the `abilities` of each row of
 * fetch-devs?scope=all, and of the list itself. Each reads the rules its call's route and use case
 * throw from, in the same order (the action's permission, then the rules of staffUsers.ts), so an
 * ability is true exactly when the call passes its policy. The web shows a row's actions from
 * these and restates no rank rule.
 */
import type { Kysely } from "kysely";
import type { ErrorCode } from "../../common/errors.ts";
import type { Permission } from "../../common/permissions.ts";
import {
  EMPLOYEE_ABILITIES,
  type EmployeeAbilities,
  type EmployeeAbility,
  type StaffListAbilities,
} from "../../common/schemas/staffUsers.ts";
import type { Database } from "../db/schema.ts";
import { permissionsOf, permissionsOfMany } from "../repositories/permissions.ts";
import type { UserRow } from "../repositories/users.ts";
import type { Actor } from "./policy.ts";
import {
  changeRefusal,
  EMPLOYEE_ACTION_PERMISSIONS,
  givableRanks,
  holdsAllOfRefusal,
  outranksRefusal,
  responsibilitiesSelfRefusal,
} from "./staffUsers.ts";

type Target = Pick<UserRow, "id" | "rank">;

/** Why each action on `target` would be refused, or null where it would pass. */
export function employeeRefusals(
  actor: Actor,
  held: readonly Permission[],
  target: Target,
  targetHeld: readonly Permission[],
): Record<EmployeeAbility, ErrorCode | null> {
  const rules: Record<EmployeeAbility, () => ErrorCode | null> = {
    permissions: () => changeRefusal(actor, held, target, "cannot_change_self"),
    responsibilities: () => changeRefusal(actor, held, target, responsibilitiesSelfRefusal(actor)),
    disable: () => changeRefusal(actor, held, target, "cannot_change_self"),
    enable: () => changeRefusal(actor, held, target, undefined),
    // Disperse hands work away, it changes nothing of the account: the rank order alone.
    disperse: () => outranksRefusal(actor, target),
    password: () =>
      changeRefusal(actor, held, target, "cannot_reset_own_password") ?? holdsAllOfRefusal(held, targetHeld),
    delete: () => changeRefusal(actor, held, target, "cannot_delete_self"),
  };
  return Object.fromEntries(
    EMPLOYEE_ABILITIES.map((action) => [
      action,
      held.includes(EMPLOYEE_ACTION_PERMISSIONS[action]) ? rules[action]() : "forbidden",
    ]),
  ) as Record<EmployeeAbility, ErrorCode | null>;
}

export function employeeAbilities(
  actor: Actor,
  held: readonly Permission[],
  target: Target,
  targetHeld: readonly Permission[],
): EmployeeAbilities {
  const refusals = employeeRefusals(actor, held, target, targetHeld);
  const may = (action: EmployeeAbility) => refusals[action] === null;
  return {
    permissions: may("permissions"),
    ranks: may("permissions") ? givableRanks(actor, held, target) : [],
    responsibilities: may("responsibilities"),
    disable: may("disable"),
    enable: may("enable"),
    disperse: may("disperse"),
    password: may("password"),
    delete: may("delete"),
  };
}

export function staffListAbilities(actor: Actor, held: readonly Permission[]): StaffListAbilities {
  const create = held.includes("users:create");
  return { create, ranks: create ? givableRanks(actor, held, null) : [] };
}

/**
 * Loads what the abilities of `actor` on these employees need (the actor's permissions and every
 * target's, which a password reset compares) in two statements.
 */
export async function employeeAbilitiesFor(
  db: Kysely<Database>,
  actor: Actor,
  targets: readonly Pick<UserRow, "id" | "class" | "rank">[],
): Promise<{ list: StaffListAbilities; of(target: Target): EmployeeAbilities }> {
  const [held, targetHeld] = await Promise.all([permissionsOf(db, actor), permissionsOfMany(db, targets)]);
  return {
    list: staffListAbilities(actor, held),
    of: (target) => employeeAbilities(actor, held, target, targetHeld.get(target.id) ?? []),
  };
}
