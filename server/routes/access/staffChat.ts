/** Authorization rows for notes, message edit and delete, tags and quick replies (spec 2 §5, §6, §7). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const STAFF_CHAT_ROUTES: RouteAccess[] = [];

export const STAFF_CHAT_SOCKETS: SocketAccess[] = [];
