/**
 * The OpenAPI document of the HTTP API, generated from the routes' zod schemas by
 * @fastify/swagger with the zod type provider's transform, and served at GET /api/docs to staff
 * and to the game's integration (its bearer key). Routes that read a form, multipart or JSON body
 * themselves name the body's schema in `config.documentedBody`, so that the document shows it
 * without Fastify validating it twice. The web app's pages are not part of the API.
 */
import swagger from "@fastify/swagger";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";
import type { ZodType } from "zod";
import { PROJECT_VERSION } from "../../common/constants.ts";
import { bearerMatches, bearerToken } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { AppError } from "../errors.ts";
import { requireStaff } from "../policies/policy.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The body a handler parses itself (parseOr422), shown in the OpenAPI document. */
    documentedBody?: ZodType;
  }
}

const NOT_API = new Set(["/", "/*", "/api/docs"]);

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.0.3",
      info: {
        title: "Game help desk API",
        description:
          "Players' tickets and live chat, staff ticket work and administration, and the game's member " +
          "integration. Browser calls carry the session cookie and, on every state-changing call, the " +
          "x-csrf-token header (the hd_csrf cookie's value); the integration carries its bearer key. " +
          "Errors answer {detail, code}. Live events go over socket.io at /socket.io (not described here).",
        version: PROJECT_VERSION,
      },
      components: {
        securitySchemes: {
          session: { type: "apiKey", in: "cookie", name: "hd_session" },
          integrationKey: { type: "http", scheme: "bearer" },
        },
      },
    },
    transform: (input) => {
      if (NOT_API.has(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
      const documented = input.route.config?.documentedBody;
      const schema = documented && !input.schema?.body ? { ...input.schema, body: documented } : input.schema;
      return jsonSchemaTransform({ ...input, schema: schema ?? {} });
    },
  });
}

/** Staff, or the game's integration by its key; anyone else is told to sign in or is refused. */
function mayReadDocs(ctx: AppContext, request: FastifyRequest): void {
  const key = ctx.config.integrationApiKey;
  const header = request.headers.authorization;
  if (key && header?.startsWith("Bearer ")) {
    if (bearerMatches(bearerToken(header), key)) return;
    throw new AppError("not_authenticated", "The integration key is missing or wrong.");
  }
  requireStaff(request.user);
}

export function registerOpenApiDocument(app: FastifyInstance, ctx: AppContext): void {
  app.get("/api/docs", async (request, reply) => {
    mayReadDocs(ctx, request);
    reply.header("cache-control", "no-store");
    return app.swagger();
  });
}
