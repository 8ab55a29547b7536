/**
 * Who else is on a staff ticket page (collision detection, docs/decisions/realtime.md): a staff
 * page says `ticket_presence` when it opens, while its reply or note is being typed and when it
 * closes; the ticket's staff hear `ticket_viewers`. Players neither send nor receive either.
 */
import { z } from "zod";

export const TICKET_PRESENCE_STATES = ["viewing", "typing", "left"] as const;
export type TicketPresenceState = (typeof TICKET_PRESENCE_STATES)[number];

/**
 * A page repeats its state this often while it is open: the server drops a viewer whose page has
 * said nothing for PRESENCE_TIMEOUT_SECONDS (30 by default), a tab that vanished without `left`.
 */
export const PRESENCE_HEARTBEAT_SECONDS = 10;

/** Without a keystroke for this long, a page that was typing goes back to viewing. */
export const TYPING_IDLE_SECONDS = 5;

export const ticketPresencePayload = z
  .object({
    /** The ticket's id (not its chat id). */
    ticket_id: z.number().int().positive().max(2_147_483_647),
    state: z.enum(TICKET_PRESENCE_STATES),
  })
  .strict();
export type TicketPresencePayload = z.infer<typeof ticketPresencePayload>;

/** One person on the ticket page: all of their tabs together, typing when any of them is. */
export interface TicketViewer {
  id: number;
  name: string;
  /** The profile picture's URL, or null when they have none. */
  avatar: string | null;
  state: Exclude<TicketPresenceState, "left">;
}

/** Everyone on the page, the receiver included (the page leaves itself out); sorted by id. */
export interface TicketViewers {
  ticket_id: number;
  viewers: TicketViewer[];
}
