/**
 * A bulk action of the staff list (docs/decisions/bulk-actions.md): assign, hold, resolve or close
 * many tickets, each through the single action's own use case. So each ticket passes the same
 * policies and transition table, in its own transaction, with the same messages, notifications,
 * events and chat-list changes as when it is done on the ticket page; a ticket refused is
 * reported with the code its single call answers, and the others go on.
 *
 * The tickets named are reserved against the caller's bulk limit before any is touched, and are
 * acted on one after the other, in the order named.
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import type { ErrorCode } from "../../common/errors.ts";
import type { BulkTicketActionBody } from "../../common/schemas/staffTickets.ts";
import type { AppContext } from "../context.ts";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { AppError } from "../errors.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { assignTicket } from "./assignTicket.ts";
import { completeTicketByStaff } from "./completeTicketByStaff.ts";
import { holdTicket } from "./holdTicket.ts";
import type { StaffActor } from "./ticketActionSupport.ts";

export type BulkTicketActionInput = BulkTicketActionBody & { ip: string };

export interface BulkTicketActionResult {
  /** The tickets the action changed, in the order they were named. */
  done: number[];
  /** The others, each with the code of its refusal. */
  refused: { ticket_id: number; code: ErrorCode }[];
}

/** The single action on one ticket, as its own route would run it. */
function singleAction(ctx: AppContext, actor: StaffActor, input: BulkTicketActionInput) {
  switch (input.action) {
    case "assign":
      // Each ticket keeps its own category, as it is when the assignment reads it.
      return (ticketId: number) =>
        assignTicket(ctx, actor, { ticketId, devId: input.devId, category: undefined, ip: input.ip });
    case "hold":
      return (ticketId: number) => holdTicket(ctx, actor, ticketId, input.hold_until ?? null);
    case "resolve":
    case "close":
      return (ticketId: number) =>
        completeTicketByStaff(ctx, actor, {
          ticketId,
          action: input.action === "resolve" ? "RESOLVED" : "CLOSED",
          excuse: input.excuse,
          ip: input.ip,
        });
  }
}

/** Reserves the tickets named against the caller's limit, or refuses the whole call with 429. */
async function reserveBulk(ctx: AppContext, actor: StaffActor, tickets: number): Promise<void> {
  const decision = await ctx.limits.consume(
    `bulk-ticket-action:user:${actor.id}`,
    RATE_LIMITS.bulkTicketActions,
    tickets,
  );
  if (!decision.allowed) {
    throw new AppError("rate_limited", undefined, { "retry-after": String(decision.retryAfterSeconds) });
  }
}

export async function bulkTicketAction(
  ctx: AppContext,
  actor: StaffActor,
  input: BulkTicketActionInput,
): Promise<BulkTicketActionResult> {
  await reserveBulk(ctx, actor, input.ticket_ids.length);
  const act = singleAction(ctx, actor, input);
  const result: BulkTicketActionResult = { done: [], refused: [] };
  let unavailable = false;
  for (const [index, ticketId] of input.ticket_ids.entries()) {
    // SQLite answers synchronously: without a turn of the event loop between tickets, a hundred of
    // them would keep every other request (and socket) of this node waiting until the last.
    if (index > 0) await nextTurn();
    // A database that went away stays away for the rest of this call: nothing more is tried.
    if (unavailable) {
      result.refused.push({ ticket_id: ticketId, code: "database_unavailable" });
      continue;
    }
    try {
      await act(ticketId);
      result.done.push(ticketId);
    } catch (error) {
      if (error instanceof AppError) {
        result.refused.push({ ticket_id: ticketId, code: error.code });
      } else if (isDatabaseUnavailable(error)) {
        unavailable = true;
        result.refused.push({ ticket_id: ticketId, code: "database_unavailable" });
      } else {
        // A bug on one ticket: its transaction rolled back; the others still get their turn.
        ctx.events.log?.error({ err: error, ticketId }, "bulk ticket action failed on a ticket");
        result.refused.push({ ticket_id: ticketId, code: "internal" });
      }
    }
  }
  return result;
}
