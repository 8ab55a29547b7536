/**
 * Authorization rows for a staff ticket page's presence (collision detection,
 * docs/decisions/realtime.md): staff who may see the ticket say it; a player or temporary visitor
 * is refused whatever ticket they name, their own included.
 */
import { ticketPresencePayload } from "../../../common/schemas/ticketPresence.ts";
import { type SocketAccess, socketOutcomes } from "./shared.ts";

export const TICKET_PRESENCE_SOCKETS: SocketAccess[] = [
  {
    event: "ticket_presence",
    schema: ticketPresencePayload,
    cases: [
      {
        name: "viewing A's ticket",
        payload: (f) => ({ ticket_id: f.ticketA.id, state: "viewing" }),
        expect: socketOutcomes({ signedIn: "forbidden", staff: "ok" }),
      },
      {
        name: "typing on the visitor's own ticket",
        payload: (f) => ({ ticket_id: f.tempTicket.id, state: "typing" }),
        expect: socketOutcomes({ signedIn: "forbidden", staff: "ok" }),
      },
      {
        // Staff learn that it does not exist; a player is refused before anything is looked up.
        name: "a ticket that does not exist",
        payload: () => ({ ticket_id: 2_147_483_000, state: "viewing" }),
        expect: socketOutcomes({ signedIn: "forbidden", staff: "not_found" }),
      },
    ],
  },
];
