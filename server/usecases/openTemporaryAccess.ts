/**
 * A visitor opens their temporary ticket with its id and e-mail (spec/1-product-frame.md §4 Temporary user
 * access): a temporary session bound to that one ticket. Look-ups are reserved in the shared limit
 * store before the ticket is searched, and only wrong pairs keep their reservations, so that
 * ticket ids and e-mails cannot be guessed in bulk, in parallel or across nodes:
 * - per address (its /64 for IPv6): 10 per 15 minutes, against one host trying many pairs;
 * - per e-mail: 20 per hour across every address. Ticket ids are sequential, so someone who knows
 *   a victim's e-mail could otherwise walk the ids from as many addresses as they hold (an IPv6
 *   /48 is 65,536 /64s). The owner, who knows their number, needs one or two tries; twice the
 *   address window leaves room for typos from two places before the hour locks the e-mail.
 */
import type { z } from "zod";
import type { searchTicketTemporaryBody } from "../../common/schemas/tickets.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { isStaff } from "../policies/policy.ts";
import { addressKey } from "../ratelimit/address.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import type { LimitRule } from "../ratelimit/store.ts";
import { findTemporaryTicket } from "../repositories/tickets.ts";
import { findUserById, type UserRow } from "../repositories/users.ts";
import { type CurrentSession, type RequestOrigin, type StartedSession, startSession } from "./startSession.ts";

export interface OpenTemporaryAccessInput {
  body: z.infer<typeof searchTicketTemporaryBody>;
  origin: RequestOrigin;
  current: CurrentSession;
}

export async function openTemporaryAccess(
  ctx: AppContext,
  input: OpenTemporaryAccessInput,
): Promise<{ ticket: TicketRow; user: UserRow } & StartedSession> {
  const { body, origin, current } = input;
  // A member or employee is signed in already; a temporary session may switch to another ticket.
  if (current.user && (isStaff(current.user) || current.user.type === "normal")) {
    throw new AppError("already_signed_in");
  }
  // The address first: a host that is locked out spends nothing of the e-mail's window.
  const windows: [string, LimitRule][] = [
    [`lookup:ip:${addressKey(origin.ip)}`, RATE_LIMITS.temporaryLookup],
    // Keyed as the search matches the e-mail, so that its spellings share one window.
    [`lookup:email:${body.email.trim().toLowerCase()}`, RATE_LIMITS.temporaryLookupPerEmail],
  ];
  const taken: [string, LimitRule, number][] = [];
  const giveBack = () => Promise.all(taken.map(([key, rule, window]) => ctx.limits.release(key, rule, 1, window)));
  for (const [key, rule] of windows) {
    const reserved = await ctx.limits.consume(key, rule);
    if (!reserved.allowed) {
      // Nothing was searched: the windows reserved so far do not count this look-up.
      await giveBack();
      throw new AppError("ticket_lookup_locked", undefined, { "retry-after": String(reserved.retryAfterSeconds) });
    }
    taken.push([key, rule, reserved.window]);
  }
  const ticket = await findTemporaryTicket(ctx.store.db, body.ticket_id, body.email);
  const user = ticket ? await findUserById(ctx.store.db, ticket.user_id) : undefined;
  if (!ticket || !user || user.type !== "temp") throw new AppError("ticket_not_found");
  // A right pair is not a failure: it gives its reservations back.
  await giveBack();
  const started = await startSession(ctx, {
    user,
    kind: "temp",
    ticketId: ticket.id,
    origin,
    previous: current.session,
  });
  return { ticket, user, ...started };
}
