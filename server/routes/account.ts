/** Profile, preferences and the developer to-do board: /api/profile/* writes, /api/misc/*todo* (spec 3 §2.5, §2.6, §7; issue 8, part account). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";

export function accountRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (_app) => {};
}
