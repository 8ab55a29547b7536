/** What the web client needs before anyone signs in: bot-check mode, outside links, the challenge. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ALLOWED_ATTACHMENT_TYPES, LIMITS, PROJECT_VERSION } from "../../common/constants.ts";
import { type PublicConfig, publicConfig } from "../../common/schemas/publicConfig.ts";
import type { AppContext } from "../context.ts";
import { RATE_LIMITS, routeLimit } from "../ratelimit/rules.ts";

const answer = { response: { 200: publicConfig } };

export function publicConfigRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get("/api/config/public", { schema: answer }, async (_request, reply): Promise<PublicConfig> => {
      reply.header("cache-control", "no-cache");
      return {
        captcha: ctx.captcha.mode,
        version: PROJECT_VERSION,
        links: ctx.config.links,
        businessTimezone: ctx.config.businessTimezone,
        uploads: {
          maxBytes: ctx.config.uploadMaxBytes,
          maxFiles: LIMITS.attachments,
          types: [...ALLOWED_ATTACHMENT_TYPES],
        },
      };
    });

    app.get(
      "/api/captcha/challenge",
      { config: { rateLimit: routeLimit(RATE_LIMITS.captchaChallenge) } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return ctx.captcha.createChallenge();
      },
    );
  };
}
