/**
 * Every limit of the help desk, by name, in one unit: at most `max` in a window of `windowSeconds`.
 * The counters live in the shared store (store.ts: memory on one node, Redis across nodes), except
 * the member's submissions, which are counted from the tickets table. Route limits of
 * @fastify/rate-limit take theirs through `routeLimit`, so that no limit is written in another
 * format. The reasons behind each number are in docs/decisions/security.md (sign-in throttle, uploads,
 * player tickets, chat).
 */
import type { LimitRule } from "./store.ts";

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS = {
  /** Sign-in (auth/throttle.ts): three windows, or the device's own for a browser seen before. */
  signInPerAccountAddress: { max: 10, windowSeconds: 15 * MINUTE },
  signInPerAccount: { max: 100, windowSeconds: HOUR },
  signInPerAddress: { max: 30, windowSeconds: 15 * MINUTE },
  signInPerDevice: { max: 10, windowSeconds: 15 * MINUTE },
  /** Set-password and its token check, per address. */
  passwordToken: { max: 30, windowSeconds: MINUTE },
  /** Wrong current passwords on the profile's password change, per account: a stolen session cannot guess. */
  currentPassword: { max: 10, windowSeconds: 15 * MINUTE },
  /** A member's new tickets, counted from the tickets table. */
  memberSubmit: { max: 3, windowSeconds: 10 * MINUTE },
  /** Visitor tickets, per address: anyone can type a new e-mail, so the address limits a flood. */
  temporarySubmit: { max: 5, windowSeconds: 10 * MINUTE },
  /** Visitor ticket look-ups, per address and per e-mail (ticket ids are sequential). */
  temporaryLookup: { max: 10, windowSeconds: 15 * MINUTE },
  temporaryLookupPerEmail: { max: 20, windowSeconds: HOUR },
  /**
   * Chat messages over HTTP, per user, with the socket's numbers (the socket's rule never sees
   * these): no person types 20 messages a second, and a script cannot flood a chat faster.
   */
  chatSend: { max: 20, windowSeconds: 1 },
  /**
   * Inbound socket events, per user over all their sockets and nodes. A fixed window lets up to
   * twice this through across a window's edge, the burst a per-socket bucket would allow.
   */
  socketEvents: { max: 20, windowSeconds: 1 },
  /**
   * Ticket page presence (`ticket_presence`), per user over all their tabs: a page says it every
   * 10 s and when its typing starts or stops, so a few busy tabs stay far below this.
   */
  ticketPresence: { max: 40, windowSeconds: 10 },
  /**
   * Tickets named in bulk actions (bulk-ticket-action), per employee over all nodes: a call costs
   * the number of tickets it names, reserved before any is touched. Three full pages of the list
   * a minute is more than a person selects and confirms, and keeps a script (or a stolen session)
   * from turning the list into a stream of writes that queues everyone else's
   * (docs/decisions/bulk-actions.md).
   */
  bulkTicketActions: { max: 300, windowSeconds: MINUTE },
  /** The dashboard's statistics, per address. */
  statistics: { max: 120, windowSeconds: MINUTE },
  /** Bot-check challenges, per address. */
  captchaChallenge: { max: 60, windowSeconds: MINUTE },
} as const satisfies Record<string, LimitRule>;

/** The window of the upload budget; its size in bytes is UPLOAD_BUDGET_BYTES (uploads/budget.ts). */
export const UPLOAD_BUDGET_WINDOW_SECONDS = 10 * MINUTE;

/** A rule as @fastify/rate-limit takes it on a route (`config.rateLimit`). */
export function routeLimit(rule: LimitRule): { max: number; timeWindow: number } {
  return { max: rule.max, timeWindow: rule.windowSeconds * 1000 };
}
