/**
 * Player search and profile for staff (spec/3-staff-administration.md §2.3, §7): pagination-search-members and
 * get-member-information. Both need members:view (common/contract/players.ts); the caller is
 * checked before the body is read. The profile carries what the caller may do about the player's
 * ban (policies/playerBanAbilities.ts). Bodies are form data (multipart or form-encoded), or JSON.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { playerBanAbilitiesFor } from "../policies/playerBanAbilities.ts";
import { ticketAbilitiesFor } from "../policies/ticketAbilities.ts";
import { presentStaffTicket } from "../presenters/ticket.ts";
import { memberInformation } from "../usecases/memberInformation.ts";
import { searchMembers } from "../usecases/searchMembers.ts";

/** A form without files. */
const FORM = { form: { maxFiles: 0 } };

export function playerAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "paginationSearchMembers", FORM, async (request) => searchMembers(ctx, request.body, nowSeconds()));

    route(app, ctx, "getMemberInformation", FORM, async (request) => {
      const staff = requireUser(request);
      const { member, tickets } = await memberInformation(ctx, request.body.member_id, nowSeconds());
      const [abilities, banAbilities] = await Promise.all([
        ticketAbilitiesFor(ctx.store.db, staff, tickets),
        playerBanAbilitiesFor(ctx.store.db, staff, member),
      ]);
      return {
        member,
        tickets: tickets.map((ticket) => presentStaffTicket(ticket, abilities(ticket))),
        abilities: banAbilities,
      };
    });
  };
}
