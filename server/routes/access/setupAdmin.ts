/** Authorization rows for the setup pages' writes: categories, priorities, servers, quick replies, announcements, employee announcements, excuses, FAQs (spec 3 §2.4, §7; issue 8, part setup). */
import type { RouteAccess, SocketAccess } from "./shared.ts";

export const SETUP_ADMIN_ROUTES: RouteAccess[] = [];

export const SETUP_ADMIN_SOCKETS: SocketAccess[] = [];
