/** Authorization rows for the staff ticket page and its status actions (spec 2 §4, §6, §7). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const TICKET_ACTIONS_ROUTES: RouteAccess[] = [];

export const TICKET_ACTIONS_SOCKETS: SocketAccess[] = [];
