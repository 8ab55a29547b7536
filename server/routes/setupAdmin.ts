/** The setup pages' writes: categories, priorities, servers, quick replies, announcements, employee announcements, excuses, FAQs (spec 3 §2.4, §7; issue 8, part setup). */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";

export function setupAdminRoutes(_ctx: AppContext): FastifyPluginAsyncZod {
  return async (_app) => {};
}
