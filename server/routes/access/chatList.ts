/** Authorization rows for the sidebar chat list, pins and notifications (spec 2 §2, §7). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const CHAT_LIST_ROUTES: RouteAccess[] = [];

export const CHAT_LIST_SOCKETS: SocketAccess[] = [];
