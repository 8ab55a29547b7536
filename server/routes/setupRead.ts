/**
 * Public reads of the setup lists, FAQs and announcements (spec 1 §2, §3, §7): the temporary
 * ticket form and the landing pages use them without a session. Deleted lists are staff only.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  announcementsResponse,
  categoriesResponse,
  deletedCategoriesResponse,
  deletedPriorityLevelsResponse,
  faqsResponse,
  priorityLevelsResponse,
  serversResponse,
} from "../../common/schemas/setupResponses.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { requireStaff } from "../policies/policy.ts";
import {
  presentAnnouncement,
  presentCategory,
  presentFaq,
  presentPriority,
  presentServer,
} from "../presenters/setup.ts";
import { listActiveAnnouncements, listFaqs } from "../repositories/content.ts";
import { listCategories, listPriorities, listServers } from "../repositories/setup.ts";

/** Every answer here is public: the schemas name all that leaves (common/schemas/setupResponses.ts). */
const schemas = {
  categories: { response: { 200: categoriesResponse } },
  priorities: { response: { 200: priorityLevelsResponse } },
  servers: { response: { 200: serversResponse } },
  deletedCategories: { response: { 200: deletedCategoriesResponse } },
  deletedPriorities: { response: { 200: deletedPriorityLevelsResponse } },
  deletedServers: { response: { 200: serversResponse } },
  faqs: { response: { 200: faqsResponse } },
  announcements: { response: { 200: announcementsResponse } },
};

export function setupReadRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;
  return async (app) => {
    app.get("/api/setup/fetch-categories", { schema: schemas.categories }, async () => ({
      categories: (await listCategories(db, false)).map(presentCategory),
    }));
    app.get("/api/setup/fetch-priority-levels", { schema: schemas.priorities }, async () => ({
      priority_levels: (await listPriorities(db, false)).map(presentPriority),
    }));
    app.get("/api/setup/fetch-servers", { schema: schemas.servers }, async () => ({
      servers: (await listServers(db, false)).map(presentServer),
    }));

    app.get("/api/setup/fetch-deleted-categories", { schema: schemas.deletedCategories }, async (request) => {
      requireStaff(request.user);
      return { deleted_categories: (await listCategories(db, true)).map(presentCategory) };
    });
    app.get("/api/setup/fetch-deleted-priority-levels", { schema: schemas.deletedPriorities }, async (request) => {
      requireStaff(request.user);
      return { deleted_priority_levels: (await listPriorities(db, true)).map(presentPriority) };
    });
    app.get("/api/setup/fetch-deleted-servers", { schema: schemas.deletedServers }, async (request) => {
      requireStaff(request.user);
      return { servers: (await listServers(db, true)).map(presentServer) };
    });

    app.get("/api/setup/fetch-faqs", { schema: schemas.faqs }, async () => ({
      faqs: (await listFaqs(db)).map(presentFaq),
    }));

    app.get("/api/announcements/fetch-active-announcements", { schema: schemas.announcements }, async (request) => {
      const rows = await listActiveAnnouncements(db, request.user?.id ?? null, nowSeconds());
      return { announcements: rows.map(presentAnnouncement) };
    });
  };
}
