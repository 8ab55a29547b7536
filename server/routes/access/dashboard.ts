/** Authorization rows for dashboard and statistics: /api/stats/*, /api/system/fetch-server-status, the changelog (spec 3 §2.1, §7; issue 8, part dashboard). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const DASHBOARD_ROUTES: RouteAccess[] = [];

export const DASHBOARD_SOCKETS: SocketAccess[] = [];
