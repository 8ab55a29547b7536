/** /api/members: a member's own account with characters (spec/1-product-frame.md §7 get-member), and whether they may file now. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { isMember } from "../policies/policy.ts";
import { presentMember } from "../presenters/member.ts";
import { listCharacters } from "../repositories/members.ts";
import { readFilingStatus } from "../usecases/readFilingStatus.ts";

export function memberRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "getMember", async (request) => {
      const user = requireUser(request);
      if (!isMember(user)) throw new AppError("forbidden");
      const characters = await listCharacters(ctx.store.db, user.id);
      return { member: presentMember(user, characters, nowSeconds()) };
    });

    // Asked by the create-ticket page before it shows the form.
    route(app, ctx, "filingStatus", async (request) => {
      const user = requireUser(request);
      if (!isMember(user)) throw new AppError("forbidden");
      return { filing: await readFilingStatus(ctx, user, nowSeconds()) };
    });
  };
}
