/**
 * Public reads of the setup lists, FAQs and announcements (spec/1-product-frame.md §2, §3, §7): the temporary
 * ticket form and the landing pages use them without a session. Deleted lists are staff only
 * (common/contract/setup.ts).
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import {
  presentAnnouncement,
  presentCategory,
  presentFaq,
  presentPriority,
  presentServer,
} from "../presenters/setup.ts";
import { listActiveAnnouncements, listFaqs } from "../repositories/content.ts";
import { listCategories, listPriorities, listServers } from "../repositories/setup.ts";

export function setupReadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;
  return async (app) => {
    route(app, ctx, "fetchCategories", async () => ({
      categories: (await listCategories(db, false)).map(presentCategory),
    }));
    route(app, ctx, "fetchPriorityLevels", async () => ({
      priority_levels: (await listPriorities(db, false)).map(presentPriority),
    }));
    route(app, ctx, "fetchServers", async () => ({
      servers: (await listServers(db, false)).map(presentServer),
    }));

    route(app, ctx, "fetchDeletedCategories", async () => ({
      deleted_categories: (await listCategories(db, true)).map(presentCategory),
    }));
    route(app, ctx, "fetchDeletedPriorityLevels", async () => ({
      deleted_priority_levels: (await listPriorities(db, true)).map(presentPriority),
    }));
    route(app, ctx, "fetchDeletedServers", async () => ({
      servers: (await listServers(db, true)).map(presentServer),
    }));

    route(app, ctx, "fetchFaqs", async () => ({
      faqs: (await listFaqs(db)).map(presentFaq),
    }));

    route(app, ctx, "fetchActiveAnnouncements", async (request) => {
      const rows = await listActiveAnnouncements(db, request.user?.id ?? null, nowSeconds());
      return { announcements: rows.map(presentAnnouncement) };
    });
  };
}
