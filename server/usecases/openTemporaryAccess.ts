/**
 * A visitor opens their temporary ticket with its id and e-mail (spec 1 §4 Temporary user
 * access): a temporary session bound to that one ticket. Wrong pairs are counted per address so
 * that ticket ids and e-mails cannot be guessed in bulk.
 */
import type { FastifyReply, FastifyRequest } from "fastify";
import { searchTicketTemporaryBody } from "../../common/schemas/tickets.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError, parseOr422 } from "../http/errors.ts";
import { isStaff } from "../policies/policy.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import { findTemporaryTicket } from "../repositories/tickets.ts";
import { findUserById, type UserRow } from "../repositories/users.ts";
import { readMultipart } from "../uploads/multipart.ts";
import { startSession } from "./startSession.ts";

export const TEMPORARY_LOOKUP_LIMIT = { max: 10, windowSeconds: 15 * 60 };
export const NO_TEMPORARY_TICKET = "No ticket was found with this ticket id and e-mail.";

/**
 * Failed look-ups per address in a sliding window, in memory per node like the sign-in throttle
 * (so behind several nodes the limit is per node until the shared Redis window lands).
 */
export class LookupThrottle {
  readonly #failures = new Map<string, number[]>();
  readonly #rule: { max: number; windowSeconds: number };

  constructor(rule = TEMPORARY_LOOKUP_LIMIT) {
    this.#rule = rule;
  }

  /** Seconds until the address may try again; 0 when it may now. */
  retryAfter(address: string, now = Date.now()): number {
    const since = now - this.#rule.windowSeconds * 1000;
    const recent = (this.#failures.get(address) ?? []).filter((t) => t > since);
    if (recent.length) this.#failures.set(address, recent);
    else this.#failures.delete(address);
    if (recent.length < this.#rule.max) return 0;
    const oldest = recent[recent.length - this.#rule.max] ?? now;
    return Math.max(1, Math.ceil((oldest + this.#rule.windowSeconds * 1000 - now) / 1000));
  }

  recordFailure(address: string, now = Date.now()): void {
    const list = this.#failures.get(address) ?? [];
    list.push(now);
    this.#failures.set(address, list);
  }
}

export async function openTemporaryAccess(
  ctx: AppContext,
  throttle: LookupThrottle,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ ticket: TicketRow; user: UserRow; session: SessionRow }> {
  // A member or employee is signed in already; a temporary session may switch to another ticket.
  if (request.user && (isStaff(request.user) || request.user.type === "normal"))
    throw new AppError("already_signed_in");
  const wait = throttle.retryAfter(request.ip);
  if (wait > 0) {
    throw new AppError("rate_limited", "Too many failed ticket look-ups. Please wait a few minutes and try again.", {
      "retry-after": String(wait),
    });
  }
  // No files belong here: any file part is refused (too_many_files) and removed.
  const { fields } = await readMultipart(request, ctx.uploads, 0);
  const body = parseOr422(searchTicketTemporaryBody, fields);
  const ticket = await findTemporaryTicket(ctx.store.db, body.ticket_id, body.email);
  const user = ticket ? await findUserById(ctx.store.db, ticket.user_id) : undefined;
  if (!ticket || !user || user.type !== "temp") {
    throttle.recordFailure(request.ip);
    throw new AppError("not_found", NO_TEMPORARY_TICKET);
  }
  const session = await startSession(ctx, request, reply, user, "temp", ticket.id);
  return { ticket, user, session };
}
