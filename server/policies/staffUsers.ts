/**
 * Who may change which employee (spec/3-staff-administration.md §2.2, §5, §6), for the staff list's calls. Each rule is a
 * pure function answering its refusal code or null; the use cases throw it (require*) before they
 * write, and employeeAbilities.ts reads the same functions for the staff list's row actions.
 *
 * Where the spec is silent (docs/decisions/staff-users.md): every change of an admin's account
 * needs users:set_admin, not only giving the admin rank; nobody disables themselves or changes
 * their own rank, permissions or (unless an admin) responsibilities; the last active admin stays.
 * Above the permissions stands the rank order, admin > mod > dev: a users:* permission reaches only
 * employees of a lower rank.
 */
import { STAFF_USER_ENDPOINTS } from "../../common/contract/staffUsers.ts";
import type { ErrorCode } from "../../common/errors.ts";
import { mayGiveRank, outranks, type Permission, STAFF_RANKS, type StaffRank } from "../../common/permissions.ts";
import type { EmployeeAbility } from "../../common/schemas/staffUsers.ts";
import { AppError } from "../errors.ts";
import type { UserRow } from "../repositories/users.ts";
import { type Actor, isAdmin } from "./policy.ts";

const CALLS = STAFF_USER_ENDPOINTS;

/** The permission each staff-list action's call needs: its access in the contract, asked before the body. */
export const EMPLOYEE_ACTION_PERMISSIONS = {
  permissions: CALLS.changeUserPermissions.access.permission,
  responsibilities: CALLS.changeDevResponsibilities.access.permission,
  disable: CALLS.disableUserUntil.access.permission,
  enable: CALLS.enableUser.access.permission,
  disperse: CALLS.disperseUserTickets.access.permission,
  password: CALLS.changePassword.access.permission,
  delete: CALLS.deleteDev.access.permission,
} as const satisfies Record<EmployeeAbility, Permission>;

export type SelfRefusal = "cannot_delete_self" | "cannot_reset_own_password" | "cannot_change_self";

type Target = Pick<UserRow, "id" | "rank">;

/** Throws a rule's refusal, if it gave one. */
function refuse(refusal: ErrorCode | null | undefined): void {
  if (refusal) throw new AppError(refusal);
}

/** A call that names the caller's own account: each call says why with its own code. */
export function selfRefusal(actor: Actor, targetId: number, code: SelfRefusal | undefined): SelfRefusal | null {
  return code !== undefined && actor.id === targetId ? code : null;
}

export function requireNotSelf(actor: Actor, targetId: number, code: SelfRefusal): void {
  refuse(selfRefusal(actor, targetId, code));
}

/**
 * Responsibilities of one's own account are refused like every other self-change (nobody widens
 * the tickets Auto and the assign dialog give them), except to an admin: admins handle every
 * category and server anyway, and may narrow or restore their own.
 */
export function responsibilitiesSelfRefusal(actor: Actor): SelfRefusal | undefined {
  return isAdmin(actor) ? undefined : "cannot_change_self";
}

/** Giving the admin rank, or changing an admin at all, needs users:set_admin. */
export function adminRightsRefusal(
  held: readonly Permission[],
  target: Pick<UserRow, "rank"> | null,
  newRank?: StaffRank,
): "set_admin_required" | null {
  const touchesAdmin = target?.rank === "admin" || newRank === "admin";
  return touchesAdmin && !held.includes("users:set_admin") ? "set_admin_required" : null;
}

export function requireAdminRights(
  held: readonly Permission[],
  target: Pick<UserRow, "rank"> | null,
  newRank?: StaffRank,
): void {
  refuse(adminRightsRefusal(held, target, newRank));
}

/**
 * Acting on another employee needs a higher rank than theirs, unless the actor is an admin: a dev
 * holding users:* permissions must not demote, disable, delete or take over a mod. One's own
 * account is not another's; what one may do to it is for selfRefusal to say.
 */
export function outranksRefusal(actor: Actor, target: Target): "target_outranks_you" | null {
  return actor.id !== target.id && !outranks(actor.rank, target.rank) ? "target_outranks_you" : null;
}

export function requireOutranks(actor: Actor, target: Target): void {
  refuse(outranksRefusal(actor, target));
}

/** Nobody gives a rank above their own, on creating an employee or changing one's rank. */
export function rankWithinRefusal(actor: Actor, rank: StaffRank): "target_outranks_you" | null {
  return mayGiveRank(actor.rank, rank) ? null : "target_outranks_you";
}

export function requireRankWithin(actor: Actor, rank: StaffRank): void {
  refuse(rankWithinRefusal(actor, rank));
}

/**
 * What every change from the staff list asks of the employee it names, in this order: not
 * oneself (where the call says so), users:set_admin for an admin, a higher rank than theirs.
 */
export function changeRefusal(
  actor: Actor,
  held: readonly Permission[],
  target: Target,
  self: SelfRefusal | undefined,
): ErrorCode | null {
  return selfRefusal(actor, target.id, self) ?? adminRightsRefusal(held, target) ?? outranksRefusal(actor, target);
}

/** The ranks the actor may give: a creation (target null) or a rank change of `target`. */
export function givableRanks(actor: Actor, held: readonly Permission[], target: Target | null): StaffRank[] {
  return STAFF_RANKS.filter(
    (rank) => adminRightsRefusal(held, target, rank) === null && rankWithinRefusal(actor, rank) === null,
  );
}

/** A permission is granted or taken away only by someone who holds it (spec/3-staff-administration.md §5). */
export function requireHeldPermissions(held: readonly Permission[], changed: readonly Permission[]): void {
  const missing = changed.filter((p) => !held.includes(p));
  if (missing.length) {
    throw new AppError(
      "permission_not_held",
      `You cannot grant or remove a permission you do not hold: ${missing.join(", ")}.`,
    );
  }
}

/**
 * Setting someone's password is signing in as them: only someone who holds every permission the
 * target holds may do it, or a users:reset_pw holder could take over a mod with more rights (the
 * same reason a creator may give a new account only rights they hold).
 */
export function holdsAllOfRefusal(
  held: readonly Permission[],
  targets: readonly Permission[],
): "target_holds_more" | null {
  return targets.every((p) => held.includes(p)) ? null : "target_holds_more";
}

export function requireHoldsAllOf(held: readonly Permission[], targets: readonly Permission[]): void {
  const missing = targets.filter((p) => !held.includes(p));
  if (missing.length) {
    throw new AppError(
      "target_holds_more",
      `You cannot set the password of an employee who holds permissions you do not hold: ${missing.join(", ")}.`,
    );
  }
}

/** A rank's defaults adjusted by a dialog: what was added, minus what was removed. */
export function adjustedPermissions(
  base: readonly Permission[],
  add: readonly Permission[],
  remove: readonly Permission[],
): Permission[] {
  const removed = new Set(remove);
  return [...new Set([...base, ...add])].filter((p) => !removed.has(p));
}

/** add_list and remove_list must not name the same permission. */
export function requireDisjoint(add: readonly Permission[], remove: readonly Permission[]): void {
  const both = add.filter((p) => remove.includes(p));
  if (both.length) {
    throw new AppError("validation", [
      { loc: ["body", "remove_list"], msg: `Added and removed at once: ${both.join(", ")}.`, type: "value_error" },
    ]);
  }
}
