/**
 * A visitor without an account files a ticket with an e-mail address (spec/1-product-frame.md §1). Each filing
 * gets its own temporary identity, created with the ticket: nothing (name, files, limits) is
 * shared with another filing that used the same e-mail (docs/decisions/player-side.md).
 */
import type { SubmitTemporaryTicketBody } from "../../common/schemas/tickets.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { longestBan, refuseIfBanned } from "../policies/playerBans.ts";
import { addressKey } from "../ratelimit/address.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { playerRowsOfEmail } from "../repositories/bans.ts";
import { insertTempUser } from "../repositories/members.ts";
import type { SavedFile } from "../uploads/storage.ts";
import { fileTicket, resolveTicketTarget } from "./fileTicket.ts";

/**
 * Reserves one filing of this address in the shared limit store before any work, or refuses with
 * 429. Answers the function that gives the reservation back when the filing is refused later.
 */
export async function reserveTemporaryFiling(ctx: AppContext, ip: string): Promise<() => Promise<void>> {
  const key = `temporary-filing:${addressKey(ip)}`;
  const decision = await ctx.limits.consume(key, RATE_LIMITS.temporarySubmit);
  if (!decision.allowed) {
    throw new AppError("rate_limit_ticket_submit", undefined, { "retry-after": String(decision.retryAfterSeconds) });
  }
  return () => ctx.limits.release(key, RATE_LIMITS.temporarySubmit, 1, decision.window);
}

/**
 * An e-mail files no more tickets once staff deleted one of its temporary identities, nor while a
 * ban holds on it: on the member account of that e-mail or on any of its temporary identities,
 * whatever the letter case typed (policies/playerBans.ts).
 */
export async function refuseBlockedEmail(ctx: AppContext, email: string): Promise<void> {
  const now = nowSeconds();
  const rows = await playerRowsOfEmail(ctx.store.db, email);
  if (rows.some((u) => u.type === "temp" && u.deleted)) {
    throw new AppError("forbidden", "This e-mail address cannot file tickets.");
  }
  refuseIfBanned(longestBan(rows, now), now);
}

export interface SubmitTemporaryTicketInput {
  /** Parsed body; its bot-check token and e-mail were checked by the form gate. */
  body: SubmitTemporaryTicketBody;
  files: SavedFile[];
  ip: string;
}

export async function submitTemporaryTicket(ctx: AppContext, input: SubmitTemporaryTicketInput): Promise<TicketRow> {
  const { body } = input;
  const now = nowSeconds();
  const target = await resolveTicketTarget(ctx.store.db, body);
  return fileTicket(ctx, {
    owner: (trx) => insertTempUser(trx, body.email, body.name, now),
    values: {
      ...target,
      character_name: "",
      subject: body.subject,
      description: body.description,
      status: "NEW TICKET",
      ticket_type: "other",
      type: "temp",
      ip_origin: input.ip.slice(0, 64),
    },
    files: input.files,
    now,
    name: body.name,
  });
}
