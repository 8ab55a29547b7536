/** Staff users and permissions: /api/users/*, /api/permissions/* of spec 3 §7 (issue 8, part staffusers). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";

export function staffUserRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (_app) => {};
}
