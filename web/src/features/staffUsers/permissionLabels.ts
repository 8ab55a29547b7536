/**
 * Where the permissions dialog finds a readable name for each permission string: the users
 * namespace holds one per area and one per permission, in every language; the locale test checks
 * that each of PERMISSIONS has one, so a new permission cannot show as its raw string.
 */
import { PERMISSIONS, type Permission } from "../../../../common/permissions.ts";

/** The permission areas in PERMISSIONS order: "members", "users", "setup", … */
export const AREAS = [...new Set(PERMISSIONS.map((p) => p.split(":")[0]!))];

/** "users" → permissions.areas.users */
export const areaLabelKey = (area: string) => `permissions.areas.${area}`;

/** "users:reset_pw" → permissions.names.users.reset_pw */
export const permissionLabelKey = (permission: Permission) => `permissions.names.${permission.replace(":", ".")}`;
