/**
 * Authorization rows for the filing limits: the member's own filing status. Like get-member it
 * is the member's own account, so temporary users and staff get 403 and anonymous callers 401.
 */
import { outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

export const LIMITS_ROUTES: RouteAccess[] = [
  {
    method: "GET",
    url: "/api/members/filing-status",
    schema: null,
    cases: [
      {
        name: "own filing status",
        request: () => ({}),
        expect: outcomes({ anonymous: 401, temporary: 403, members: 200, staff: 403 }),
      },
    ],
  },
];

export const LIMITS_SOCKETS: SocketAccess[] = [];
