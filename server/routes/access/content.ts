/** Authorization rows for announcements for players and employees, their reads, and the FAQ writes (issue 8, part content). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const CONTENT_ROUTES: RouteAccess[] = [];

export const CONTENT_SOCKETS: SocketAccess[] = [];
