/**
 * Player search and profile for staff (spec 3 §2.3, §7): pagination-search-members and
 * get-member-information. Both need members:view; the caller is checked before the body is read.
 * Bodies are form data (multipart or form-encoded), or JSON.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  getMemberInformationBody,
  getMemberInformationResponse,
  paginationSearchMembersBody,
  paginationSearchMembersResponse,
} from "../../common/schemas/playerAdmin.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { requireUser } from "../http/session.ts";
import { requirePermission } from "../policies/policy.ts";
import { ticketAbilitiesFor } from "../policies/ticketAbilities.ts";
import { presentStaffTicket } from "../presenters/ticket.ts";
import { multipartForm } from "../uploads/multipart.ts";
import { memberInformation } from "../usecases/memberInformation.ts";
import { searchMembers } from "../usecases/searchMembers.ts";

const schemas = {
  search: { response: { 200: paginationSearchMembersResponse } },
  information: { response: { 200: getMemberInformationResponse } },
};

export function playerAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  /** A members:view form without files. */
  const membersForm = <S extends z.ZodType>(schema: S) =>
    multipartForm(ctx, {
      schema,
      maxFiles: 0,
      admit: async (request) => void (await requirePermission(ctx.store.db, requireUser(request), "members:view")),
    });

  return async (app) => {
    const searchForm = membersForm(paginationSearchMembersBody);
    app.post(
      "/api/members/pagination-search-members",
      { schema: schemas.search, preHandler: searchForm.preHandler },
      async (request) => searchMembers(ctx, searchForm.read(request).body, nowSeconds()),
    );

    const informationForm = membersForm(getMemberInformationBody);
    app.post(
      "/api/members/get-member-information",
      { schema: schemas.information, preHandler: informationForm.preHandler },
      async (request) => {
        const staff = requireUser(request);
        const { member, tickets } = await memberInformation(
          ctx,
          informationForm.read(request).body.member_id,
          nowSeconds(),
        );
        const abilities = await ticketAbilitiesFor(ctx.store.db, staff, tickets);
        return { member, tickets: tickets.map((ticket) => presentStaffTicket(ticket, abilities(ticket))) };
      },
    );
  };
}
