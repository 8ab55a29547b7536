/** /api/tickets ban calls (spec 2 §6, §7): ban, unban and ban history, for staff. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  banBody,
  banHistoryMemberBody,
  banHistoryResponse,
  banHistoryTemporaryBody,
  banResponse,
  unbanBody,
} from "../../common/schemas/bans.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { requireUser } from "../http/session.ts";
import { requireStaff } from "../policies/policy.ts";
import { presentBanLog, presentBannedUser } from "../presenters/ban.ts";
import { presentStaffTicket } from "../presenters/ticket.ts";
import type { UserRow } from "../repositories/users.ts";
import { banHistory } from "../usecases/banHistory.ts";
import { banPlayer, type PlayerKind } from "../usecases/banPlayer.ts";
import { unbanPlayer } from "../usecases/unbanPlayer.ts";

const schemas = {
  ban: { body: banBody, response: { 200: banResponse } },
  unban: { body: unbanBody, response: { 200: banResponse } },
  historyMember: { body: banHistoryMemberBody, response: { 200: banHistoryResponse } },
  historyTemporary: { body: banHistoryTemporaryBody, response: { 200: banHistoryResponse } },
};

function staffUser(user: UserRow): UserRow {
  requireStaff(user);
  return user;
}

export function banRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    for (const [path, kind] of [
      ["member", "member"],
      ["temporary", "temporary"],
    ] as [string, PlayerKind][]) {
      app.post(`/api/tickets/ban-${path}-user`, { schema: schemas.ban }, async (request) => {
        const actor = staffUser(requireUser(request));
        const { ticket_id, ban_reason, ban_time } = request.body;
        const result = await banPlayer(ctx, {
          actor,
          ticketId: ticket_id,
          kind,
          reason: ban_reason,
          seconds: ban_time,
        });
        return { ticket: presentStaffTicket(result.ticket), user: presentBannedUser(result.user, nowSeconds()) };
      });
      app.post(`/api/tickets/unban-${path}-user`, { schema: schemas.unban }, async (request) => {
        const actor = staffUser(requireUser(request));
        const result = await unbanPlayer(ctx, { actor, ticketId: request.body.ticket_id, kind });
        return { ticket: presentStaffTicket(result.ticket), user: presentBannedUser(result.user, nowSeconds()) };
      });
    }

    app.post("/api/tickets/get-ban-history-member", { schema: schemas.historyMember }, async (request) => {
      staffUser(requireUser(request));
      const { logs, tickets } = await banHistory(ctx, { userId: request.body.member_id });
      return { ban_logs: logs.map(presentBanLog), tickets_data: tickets.map(presentStaffTicket) };
    });

    app.post("/api/tickets/get-ban-history-temporary", { schema: schemas.historyTemporary }, async (request) => {
      staffUser(requireUser(request));
      const { logs, tickets } = await banHistory(ctx, { email: request.body.email });
      return { ban_logs: logs.map(presentBanLog), tickets_data: tickets.map(presentStaffTicket) };
    });
  };
}
