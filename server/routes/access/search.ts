/** Authorization rows for the ticket list and search (spec 2 §2, §7). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const SEARCH_ROUTES: RouteAccess[] = [];

export const SEARCH_SOCKETS: SocketAccess[] = [];
