/** Authorization rows for staff users and permissions: /api/users/*, /api/permissions/* of spec 3 §7 (issue 8, part staffusers). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const STAFF_USERS_ROUTES: RouteAccess[] = [];

export const STAFF_USERS_SOCKETS: SocketAccess[] = [];
