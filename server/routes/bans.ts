/** /api/tickets ban calls (spec/2-staff-ticket-work.md §6, §7): ban, unban and ban history, for staff. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import type { Actor } from "../policies/policy.ts";
import { abilitiesOn, ticketAbilitiesFor } from "../policies/ticketAbilities.ts";
import { presentBanLog, presentBannedUser } from "../presenters/ban.ts";
import { presentStaffTicket } from "../presenters/ticket.ts";
import { banHistory } from "../usecases/banHistory.ts";
import { banPlayer, type PlayerKind } from "../usecases/banPlayer.ts";
import { unbanPlayer } from "../usecases/unbanPlayer.ts";

export function banRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** Tickets as this employee sees them, with what they may do on each now. */
  async function present(actor: Actor, tickets: TicketRow[]) {
    const abilities = await ticketAbilitiesFor(ctx.store.db, actor, tickets);
    return tickets.map((ticket) => presentStaffTicket(ticket, abilities(ticket)));
  }

  return async (app) => {
    for (const [ban, unban, kind] of [
      ["banMemberUser", "unbanMemberUser", "member"],
      ["banTemporaryUser", "unbanTemporaryUser", "temporary"],
    ] as const satisfies [string, string, PlayerKind][]) {
      route(app, ctx, ban, async (request) => {
        const actor = requireUser(request);
        const { ticket_id, ban_reason, ban_time } = request.body;
        const result = await banPlayer(ctx, {
          actor,
          ticketId: ticket_id,
          kind,
          reason: ban_reason,
          seconds: ban_time,
        });
        const ticket = presentStaffTicket(result.ticket, await abilitiesOn(ctx.store.db, actor, result.ticket));
        return { ticket, user: presentBannedUser(result.user, nowSeconds()) };
      });
      route(app, ctx, unban, async (request) => {
        const actor = requireUser(request);
        const result = await unbanPlayer(ctx, { actor, ticketId: request.body.ticket_id, kind });
        const ticket = presentStaffTicket(result.ticket, await abilitiesOn(ctx.store.db, actor, result.ticket));
        return { ticket, user: presentBannedUser(result.user, nowSeconds()) };
      });
    }

    route(app, ctx, "banHistoryMember", async (request) => {
      const actor = requireUser(request);
      const { logs, tickets } = await banHistory(ctx, { userId: request.body.member_id });
      return { ban_logs: logs.map(presentBanLog), tickets_data: await present(actor, tickets) };
    });

    route(app, ctx, "banHistoryTemporary", async (request) => {
      const actor = requireUser(request);
      const { logs, tickets } = await banHistory(ctx, { email: request.body.email });
      return { ban_logs: logs.map(presentBanLog), tickets_data: await present(actor, tickets) };
    });
  };
}
