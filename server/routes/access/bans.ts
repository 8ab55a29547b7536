/** Authorization rows for bans, unbans and ban history (spec 2 §6, §7). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const BANS_ROUTES: RouteAccess[] = [];

export const BANS_SOCKETS: SocketAccess[] = [];
