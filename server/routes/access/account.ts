/** Authorization rows for profile, preferences and the developer to-do board: /api/profile/* writes, /api/misc/*todo* (spec 3 §2.5, §2.6, §7; issue 8, part account). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const ACCOUNT_ROUTES: RouteAccess[] = [];

export const ACCOUNT_SOCKETS: SocketAccess[] = [];
