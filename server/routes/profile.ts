/** /api/profile: language preference for every signed-in user, preferences for accounts. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { languageResponse, userPreferencesResponse } from "../../common/schemas/accountResponses.ts";
import { changeLanguageBody } from "../../common/schemas/auth.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../http/errors.ts";
import { requireUser } from "../http/session.ts";
import { isTemporary } from "../policies/policy.ts";
import { loadPreferences } from "../repositories/preferences.ts";
import { setUserLanguage } from "../repositories/users.ts";

const schemas = {
  changeLanguage: { body: changeLanguageBody, response: { 200: languageResponse } },
  preferences: { response: { 200: userPreferencesResponse } },
};

export function profileRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post("/api/profile/change-language-preference", { schema: schemas.changeLanguage }, async (request) => {
      const user = requireUser(request);
      await setUserLanguage(ctx.store.db, user.id, request.body.language, nowSeconds());
      return { language: request.body.language };
    });

    app.get("/api/profile/fetch-user-preferences", { schema: schemas.preferences }, async (request) => {
      const user = requireUser(request);
      if (isTemporary(user)) throw new AppError("forbidden");
      return { user_preferences: await loadPreferences(ctx.store.db, user.id, nowSeconds()) };
    });
  };
}
