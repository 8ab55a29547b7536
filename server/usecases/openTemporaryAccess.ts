/**
 * A visitor opens their temporary ticket with its id and e-mail (spec 1 §4 Temporary user
 * access): a temporary session bound to that one ticket. Look-ups are reserved per address in the
 * shared limit store before the ticket is searched, and only wrong pairs keep their reservation,
 * so that ticket ids and e-mails cannot be guessed in bulk, in parallel or across nodes.
 */
import type { z } from "zod";
import type { searchTicketTemporaryBody } from "../../common/schemas/tickets.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { isStaff } from "../policies/policy.ts";
import { addressKey } from "../ratelimit/address.ts";
import { findTemporaryTicket } from "../repositories/tickets.ts";
import { findUserById, type UserRow } from "../repositories/users.ts";
import { type CurrentSession, type RequestOrigin, type StartedSession, startSession } from "./startSession.ts";

export const TEMPORARY_LOOKUP_LIMIT = { max: 10, windowSeconds: 15 * 60 };
export const NO_TEMPORARY_TICKET = "No ticket was found with this ticket number and e-mail.";

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
  const key = `lookup:ip:${addressKey(origin.ip)}`;
  const reserved = await ctx.limits.consume(key, TEMPORARY_LOOKUP_LIMIT);
  if (!reserved.allowed) {
    throw new AppError("rate_limited", "Too many failed ticket look-ups. Please wait a few minutes and try again.", {
      "retry-after": String(reserved.retryAfterSeconds),
    });
  }
  const ticket = await findTemporaryTicket(ctx.store.db, body.ticket_id, body.email);
  const user = ticket ? await findUserById(ctx.store.db, ticket.user_id) : undefined;
  if (!ticket || !user || user.type !== "temp") throw new AppError("not_found", NO_TEMPORARY_TICKET);
  // A right pair is not a failure: it gives its reservation back.
  await ctx.limits.release(key, TEMPORARY_LOOKUP_LIMIT, 1, reserved.window);
  const started = await startSession(ctx, {
    user,
    kind: "temp",
    ticketId: ticket.id,
    origin,
    previous: current.session,
  });
  return { ticket, user, ...started };
}
