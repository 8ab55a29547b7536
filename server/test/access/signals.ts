/** Authorization rows for the player's reply signals. */
import { outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

export const SIGNALS_ROUTES: RouteAccess[] = [
  {
    method: "GET",
    url: "/api/tickets/member-recent-tickets",
    schema: null,
    cases: [
      {
        name: "own latest tickets",
        request: () => ({}),
        expect: outcomes({ anonymous: 401, temporary: 403, members: 200, staff: 403 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/tickets/player-unread",
    schema: null,
    cases: [
      {
        // A temporary session reads its one ticket's count; staff have notifications instead.
        name: "own unread replies",
        request: () => ({}),
        expect: outcomes({ anonymous: 401, temporary: 200, members: 200, staff: 403 }),
      },
    ],
  },
];

/** player_ticket_signal is outbound only: no inbound event to authorize. */
export const SIGNALS_SOCKETS: SocketAccess[] = [];
