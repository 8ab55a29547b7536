/** Player search and profile for staff: /api/members/pagination-search-members, get-member-information (spec 3 §2.3, §7; issue 8, part players). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";

export function playerAdminRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (_app) => {};
}
