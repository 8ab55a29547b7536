/**
 * What a route's access in the contract (common/contract/) answers each caller of the
 * authorization matrix, before the route reads its input: 401, 403 or 404 for a caller outside
 * it, or null for one inside it. The matrix's staff hold their rank's default permissions, and
 * its callers never carry the integration's key.
 */
import type { Access, Caller } from "../../common/contract/define.ts";
import { RANK_DEFAULT_PERMISSIONS, type StaffRank } from "../../common/permissions.ts";
import type { Role } from "./access/shared.ts";

const STAFF: Partial<Record<Role, StaffRank>> = { dev: "dev", mod: "mod", admin: "admin" };

const CALLER: Record<Exclude<Role, "anonymous">, Caller> = {
  temporary: "temporary",
  memberA: "member",
  memberB: "member",
  dev: "staff",
  mod: "staff",
  admin: "staff",
};

export function accessRefusal(access: Access, role: Role): 401 | 403 | 404 | null {
  if (access === "public") return null;
  if (access === "integration") return 401;
  if (role === "anonymous") return 401;
  if (access === "signedIn") return null;
  const rank = STAFF[role];
  if (access === "player") return rank ? 404 : null;
  if (access === "member") return CALLER[role] === "member" ? null : 403;
  if (typeof access === "object" && "callers" in access) return access.callers.includes(CALLER[role]) ? null : 403;
  if (!rank) return 403;
  if (access === "staff" || rank === "admin") return null;
  if (access === "admin") return 403;
  const held = RANK_DEFAULT_PERMISSIONS[rank];
  const needed = "permission" in access ? [access.permission] : access.anyPermission;
  return needed.some((p) => held.includes(p)) ? null : 403;
}
