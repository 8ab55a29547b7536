/**
 * The route-level half of authorization: whether this caller may use a route at all, from the
 * session alone, before the route reads or validates its input. What the caller may do to the
 * thing the input names (this ticket, this employee) is decided later, by the other policies.
 */
import type { Kysely } from "kysely";
import type { Access, Caller } from "../../common/contract/define.ts";
import { bearerMatches, bearerToken } from "../auth/tokens.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import {
  type Actor,
  isAdmin,
  isMember,
  isStaff,
  isTemporary,
  requireAnyPermission,
  requirePermission,
} from "./policy.ts";

/** The kind of caller a signed-in user is, or null for none of them. */
function callerOf(user: Actor): Caller | null {
  if (isStaff(user)) return "staff";
  if (isMember(user)) return "member";
  if (isTemporary(user)) return "temporary";
  return null;
}

/**
 * Refuses a caller outside the route's access: 401 without a session, else 403 (404 for staff on
 * a player's call). The integration's key is checked apart (requireIntegrationKey).
 */
export async function requireAccess(db: Kysely<Database>, user: Actor | null, access: Access): Promise<void> {
  if (access === "public" || access === "integration") return;
  if (!user) throw new AppError("not_authenticated");
  if (access === "signedIn") return;
  if (access === "player") {
    // Staff have their own calls for a player's things; to them these do not exist.
    if (isStaff(user)) throw new AppError("not_found");
    if (!isMember(user) && !isTemporary(user)) throw new AppError("forbidden");
    return;
  }
  if (access === "member") {
    if (!isMember(user)) throw new AppError("forbidden");
    return;
  }
  if (access === "staff" || access === "admin") {
    if (!isStaff(user) || (access === "admin" && !isAdmin(user))) throw new AppError("forbidden");
    return;
  }
  if ("callers" in access) {
    const caller = callerOf(user);
    if (!caller || !access.callers.includes(caller)) throw new AppError("forbidden");
    return;
  }
  if ("permission" in access) await requirePermission(db, user, access.permission);
  else await requireAnyPermission(db, user, access.anyPermission);
}

/**
 * Whether this caller passes a route's access: what an answer says the caller may do where the
 * route's access is the whole rule (the changelog's add, for one).
 */
export async function mayAccess(db: Kysely<Database>, user: Actor | null, access: Access): Promise<boolean> {
  try {
    await requireAccess(db, user, access);
    return true;
  } catch (error) {
    if (error instanceof AppError) return false;
    throw error;
  }
}

/**
 * The game's integration calls carry the configured key as a bearer token; without a configured
 * key the integration does not exist.
 */
export function requireIntegrationKey(configured: string | undefined, authorization: string | undefined): void {
  if (!configured) throw new AppError("not_found");
  if (!bearerMatches(bearerToken(authorization), configured)) {
    throw new AppError("not_authenticated", "The integration key is missing or wrong.");
  }
}
