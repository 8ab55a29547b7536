/**
 * What a route's access in the contract (common/contract/) answers each caller of the
 * authorization matrix, before the route reads its input: 401, 403 or 404 for a caller outside
 * it, or null for one inside it. The matrix's staff hold their rank's default permissions.
 */
import type { Access } from "../../common/contract/define.ts";
import { RANK_DEFAULT_PERMISSIONS, type StaffRank } from "../../common/permissions.ts";
import type { Role } from "../routes/access/shared.ts";

const STAFF: Partial<Record<Role, StaffRank>> = { dev: "dev", mod: "mod", admin: "admin" };

export function accessRefusal(access: Access, role: Role): 401 | 403 | 404 | null {
  if (access === "public" || access === "integration") return null;
  if (role === "anonymous") return 401;
  if (access === "signedIn") return null;
  const rank = STAFF[role];
  if (access === "player" || access === "member") {
    if (rank) return 404;
    return access === "member" && role === "temporary" ? 403 : null;
  }
  if (!rank) return 403;
  if (access === "staff" || rank === "admin") return null;
  if (access === "admin") return 403;
  const held = RANK_DEFAULT_PERMISSIONS[rank];
  const needed = "permission" in access ? [access.permission] : access.anyPermission;
  return needed.some((p) => held.includes(p)) ? null : 403;
}
