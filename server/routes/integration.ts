/**
 * /api/integration: called by the game's servers, not by browsers. Authenticated by a bearer key
 * from config (INTEGRATION_API_KEY) instead of the session cookie, so CSRF does not apply; without
 * a configured key the API does not exist (404).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { upsertMemberResponse } from "../../common/schemas/accountResponses.ts";
import { upsertMemberBody } from "../../common/schemas/integration.ts";
import { bearerMatches, bearerToken, nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError, parseOr422 } from "../http/errors.ts";
import { presentMember } from "../presenters/member.ts";
import { upsertMember } from "../usecases/upsertMember.ts";

/** Form bodies carry the character list as a JSON string; JSON bodies carry it as a list. */
function normaliseBody(body: unknown): unknown {
  if (!body || typeof body !== "object") return {};
  const value = body as Record<string, unknown>;
  if (typeof value.characters !== "string") return value;
  try {
    return { ...value, characters: JSON.parse(value.characters) };
  } catch {
    return { ...value, characters: null };
  }
}

const options = {
  config: { csrf: false, documentedBody: upsertMemberBody },
  schema: { response: { 200: upsertMemberResponse } },
};

export function integrationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const key = ctx.config.integrationApiKey;
  return async (app) => {
    app.post("/api/integration/upsert-member", options, async (request) => {
      if (!key) throw new AppError("not_found");
      if (!bearerMatches(bearerToken(request.headers.authorization), key)) {
        throw new AppError("not_authenticated", "The integration key is missing or wrong.");
      }
      const body = parseOr422(upsertMemberBody, normaliseBody(request.body));
      const result = await upsertMember(
        { db: ctx.store.db, endSessions: (ids) => ctx.realtime.endSessions(ids) },
        body,
      );
      return {
        member: presentMember(result.user, result.characters, nowSeconds()),
        created: result.created,
        password_token: result.passwordToken,
      };
    });
  };
}
