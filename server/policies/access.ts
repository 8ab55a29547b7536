/**
 * The route-level half of authorization: whether this caller may use a route at all, from the
 * session alone, before the route reads or validates its input. What the caller may do to the
 * thing the input names (this ticket, this employee) is decided later, by the other policies.
 */
import type { Kysely } from "kysely";
import type { Access } from "../../common/contract/define.ts";
import type { Database } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { type Actor, isMember, isStaff, isTemporary, requireAnyPermission, requirePermission } from "./policy.ts";

/** Refuses a caller outside the route's access: 401 without a session, else 403 (404 for staff on a player's call). */
export async function requireAccess(db: Kysely<Database>, user: Actor | null, access: Access): Promise<void> {
  if (access === "public" || access === "integration") return;
  if (!user) throw new AppError("not_authenticated");
  if (access === "signedIn") return;
  if (access === "player" || access === "member") {
    // Staff have their own calls for a player's things; to them these do not exist.
    if (isStaff(user)) throw new AppError("not_found");
    if (access === "member" && !isMember(user)) throw new AppError("forbidden");
    if (!isMember(user) && !isTemporary(user)) throw new AppError("forbidden");
    return;
  }
  if (access === "staff" || access === "admin") {
    if (!isStaff(user) || (access === "admin" && user.rank !== "admin")) throw new AppError("forbidden");
    return;
  }
  if ("permission" in access) await requirePermission(db, user, access.permission);
  else await requireAnyPermission(db, user, access.anyPermission);
}
