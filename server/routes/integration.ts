/**
 * /api/integration: called by the game's servers, not by browsers. Authenticated by a bearer key
 * from config (INTEGRATION_API_KEY) instead of the session cookie, so CSRF does not apply; without
 * a configured key the API does not exist (404). The key is checked before the body is read or
 * validated (the contract's "integration" access).
 */
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { presentMember } from "../presenters/member.ts";
import { upsertMember } from "../usecases/upsertMember.ts";

/** Form bodies carry the character list as a JSON string; JSON bodies carry it as a list. */
async function charactersFromForm(request: FastifyRequest): Promise<void> {
  const body = request.body;
  if (!body || typeof body !== "object" || Array.isArray(body)) return;
  const value = body as Record<string, unknown>;
  if (typeof value.characters !== "string") return;
  let characters: unknown = null;
  try {
    characters = JSON.parse(value.characters);
  } catch {
    // Left null: the schema answers 422 for it.
  }
  request.body = { ...value, characters };
}

export function integrationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "upsertMember", { preValidation: charactersFromForm }, async (request) => {
      const result = await upsertMember(
        { db: ctx.store.db, endSessions: (ids) => ctx.realtime.endSessions(ids) },
        request.body,
      );
      return {
        member: presentMember(result.user, result.characters, nowSeconds()),
        created: result.created,
        password_token: result.passwordToken,
      };
    });
  };
}
