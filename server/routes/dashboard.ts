/** Dashboard and statistics: /api/stats/*, /api/system/fetch-server-status, the changelog (spec 3 §2.1, §7; issue 8, part dashboard). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";

export function dashboardRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (_app) => {};
}
