/**
 * Who may change which employee (spec 3 §2.2, §5, §6), for the staff list's calls. Each rule
 * throws the refusal or returns nothing; the use cases call them before they write.
 *
 * Where the spec is silent (docs/decisions.md, "staffusers"): every change of an admin's account
 * needs users:set_admin, not only giving the admin rank; nobody disables themselves or changes
 * their own rank, permissions or (unless an admin) responsibilities; the last active admin stays.
 * Above the permissions stands the rank order, admin > mod > dev: a users:* permission reaches only
 * employees of a lower rank.
 */
import { mayGiveRank, outranks, type Permission, type StaffRank } from "../../common/permissions.ts";
import { AppError } from "../http/errors.ts";
import type { UserRow } from "../repositories/users.ts";
import type { Actor } from "./policy.ts";

export type SelfRefusal = "cannot_delete_self" | "cannot_reset_own_password" | "cannot_change_self";

/** A call that names the caller's own account: each call says why with its own code. */
export function requireNotSelf(actor: Actor, targetId: number, code: SelfRefusal): void {
  if (actor.id === targetId) throw new AppError(code);
}

/**
 * Responsibilities of one's own account are refused like every other self-change (nobody widens
 * the tickets Auto and the assign dialog give them), except to an admin: admins handle every
 * category and server anyway, and may narrow or restore their own.
 */
export function responsibilitiesSelfRefusal(actor: Actor): SelfRefusal | undefined {
  return actor.rank === "admin" ? undefined : "cannot_change_self";
}

/** Giving the admin rank, or changing an admin at all, needs users:set_admin. */
export function requireAdminRights(
  held: readonly Permission[],
  target: Pick<UserRow, "rank"> | null,
  newRank?: StaffRank,
): void {
  const touchesAdmin = target?.rank === "admin" || newRank === "admin";
  if (touchesAdmin && !held.includes("users:set_admin")) throw new AppError("set_admin_required");
}

/**
 * Acting on another employee needs a higher rank than theirs, unless the actor is an admin: a dev
 * holding users:* permissions must not demote, disable, delete or take over a mod. One's own
 * account is not another's; what one may do to it is for requireNotSelf to say.
 */
export function requireOutranks(actor: Actor, target: Pick<UserRow, "id" | "rank">): void {
  if (actor.id !== target.id && !outranks(actor.rank, target.rank)) throw new AppError("target_outranks_you");
}

/** Nobody gives a rank above their own, on creating an employee or changing one's rank. */
export function requireRankWithin(actor: Actor, rank: StaffRank): void {
  if (!mayGiveRank(actor.rank, rank)) throw new AppError("target_outranks_you");
}

/** A permission is granted or taken away only by someone who holds it (spec 3 §5). */
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
