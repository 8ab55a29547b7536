/** What the web client needs before anyone signs in: bot-check mode, outside links, the challenge. */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { ALLOWED_ATTACHMENT_TYPES, LIMITS, PROJECT_VERSION } from "../../common/constants.ts";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { RATE_LIMITS, routeLimit } from "../ratelimit/rules.ts";

export function publicConfigRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    route(app, ctx, "publicConfig", async (_request, reply) => {
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

    route(
      app,
      ctx,
      "captchaChallenge",
      { config: { rateLimit: routeLimit(RATE_LIMITS.captchaChallenge) } },
      async (_request, reply) => {
        reply.header("cache-control", "no-store");
        return ctx.captcha.createChallenge();
      },
    );
  };
}
