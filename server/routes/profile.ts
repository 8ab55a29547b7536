/** /api/profile: language preference for every signed-in user, preferences for accounts. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { requireUser } from "../http/session.ts";
import { loadPreferences } from "../repositories/preferences.ts";
import { setUserLanguage } from "../repositories/users.ts";

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "changeLanguagePreference", async (request) => {
      const user = requireUser(request);
      await setUserLanguage(ctx.store.db, user.id, request.body.language, nowSeconds());
      return { language: request.body.language };
    });

    route(app, ctx, "fetchUserPreferences", async (request) => {
      const user = requireUser(request);
      return { user_preferences: await loadPreferences(ctx.store.db, user.id, nowSeconds()) };
    });
  };
}
