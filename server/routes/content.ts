/** Announcements for players and employees, their reads, and the FAQ writes (spec 3 §2.1, §2.4, §7; issue 8, part content). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";

export function contentRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (_app) => {};
}
