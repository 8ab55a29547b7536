/**
 * Who may do what: the one place that reads classes, ranks and permission strings. Routes and
 * socket handlers ask here; nothing else decides access.
 */
import type { Kysely } from "kysely";
import type { Permission } from "../../common/permissions.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { permissionsOf } from "../repositories/permissions.ts";
import type { UserRow } from "../repositories/users.ts";

export type Actor = Pick<UserRow, "id" | "class" | "rank" | "type">;

export function isStaff(user: Pick<Actor, "class"> | null | undefined): boolean {
  return user?.class === "dev";
}

/** A player: a member or a temporary user (not staff). */
export function isPlayer(user: Pick<Actor, "class"> | null | undefined): boolean {
  return user?.class === "user";
}

/** Which presentation of a ticket's chat a signed-in user gets: staff's, or its owner's. */
export function chatAudience(user: Pick<Actor, "class">): "staff" | "owner" {
  return isStaff(user) ? "staff" : "owner";
}

/**
 * The admin rank's own rules (any ticket, any category, anyone's account): a rank, not a
 * permission. That the admin also holds every permission is holdsEveryPermission's to say.
 */
export function isAdmin(user: Pick<Actor, "class" | "rank"> | null | undefined): boolean {
  return isStaff(user) && user?.rank === "admin";
}

export function isMember(user: Pick<Actor, "class" | "type"> | null | undefined): boolean {
  return isPlayer(user) && user?.type === "normal";
}

export function isTemporary(user: Pick<Actor, "class" | "type"> | null | undefined): boolean {
  return isPlayer(user) && user?.type === "temp";
}

export function requireStaff(user: Actor | null): Actor {
  if (!user) throw new AppError("not_authenticated");
  if (!isStaff(user)) throw new AppError("forbidden");
  return user;
}

export async function hasPermission(db: Kysely<Database>, user: Actor, permission: Permission): Promise<boolean> {
  return (await permissionsOf(db, user)).includes(permission);
}

export async function requirePermission(
  db: Kysely<Database>,
  user: Actor | null,
  permission: Permission,
): Promise<Actor> {
  const staff = requireStaff(user);
  if (!(await hasPermission(db, staff, permission))) throw new AppError("forbidden");
  return staff;
}

/** Staff holding at least one of these permissions (a dialog several actions open). */
export async function requireAnyPermission(
  db: Kysely<Database>,
  user: Actor | null,
  permissions: readonly Permission[],
): Promise<Actor> {
  const staff = requireStaff(user);
  const held = await permissionsOf(db, staff);
  if (!permissions.some((p) => held.includes(p))) throw new AppError("forbidden");
  return staff;
}
