/**
 * The setup pages' calls (spec/3-staff-administration.md §2.4, §7): quick replies, categories, priority levels, servers
 * and fast-action excuses. Every body is read as a form (multipart, form-encoded or JSON) after
 * the caller's permission was checked (each call's access in common/contract/setupAdmin.ts), so a
 * caller without it learns nothing of the body rules. Every write answers its list afresh: the
 * page shows what the server holds.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { AppContext } from "../context.ts";
import { route } from "../http/contractRoutes.ts";
import { presentCategory, presentFastActionExcuses, presentPriority, presentServer } from "../presenters/setup.ts";
import { listQuickReplies } from "../repositories/quickReplies.ts";
import { listCategories, listPriorities, listServers, ticketNumbersPerCategory } from "../repositories/setup.ts";
import { listFastActionExcuses } from "../repositories/staff.ts";
import { deleteFastActionExcuse } from "../usecases/deleteFastActionExcuse.ts";
import { deleteQuickReply } from "../usecases/deleteQuickReply.ts";
import { deleteSetupEntry } from "../usecases/deleteSetupEntry.ts";
import { saveFastActionExcuse } from "../usecases/saveFastActionExcuse.ts";
import { saveQuickReply } from "../usecases/saveQuickReply.ts";
import { saveSetupEntry } from "../usecases/saveSetupEntry.ts";
import { setCategoryDisabled } from "../usecases/setCategoryDisabled.ts";
import { setDefaultPriority } from "../usecases/setDefaultPriority.ts";
import { setQuickReplyCategories } from "../usecases/setQuickReplyCategories.ts";

/** Every write is a form without files. */
const FORM = { form: { maxFiles: 0 } };

export function setupAdminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  const db = ctx.store.db;

  const lists = {
    categories: async () => ({ categories: (await listCategories(db, false)).map(presentCategory) }),
    priorities: async () => ({ priority_levels: (await listPriorities(db, false)).map(presentPriority) }),
    servers: async () => ({ servers: (await listServers(db, false)).map(presentServer) }),
    quickReplies: async () => ({ quick_replies: await listQuickReplies(db) }),
    excuses: async () => ({ fast_action_excuses: presentFastActionExcuses(await listFastActionExcuses(db)) }),
  };

  return async (app) => {
    route(app, ctx, "fetchCategoryTicketNumbers", async () => ({
      ticket_numbers: await ticketNumbersPerCategory(db),
    }));

    // ---- categories
    route(app, ctx, "submitNewCategory", FORM, async ({ body }) => {
      await saveSetupEntry(ctx, { table: "categories", id: null, fields: body });
      return lists.categories();
    });
    route(app, ctx, "editCategory", FORM, async ({ body: { id, ...fields } }) => {
      await saveSetupEntry(ctx, { table: "categories", id, fields });
      return lists.categories();
    });
    route(app, ctx, "deleteCategory", FORM, async ({ body }) => {
      await deleteSetupEntry(ctx, "categories", body.id);
      return lists.categories();
    });
    route(app, ctx, "enableCategory", FORM, async ({ body }) => {
      await setCategoryDisabled(ctx, body.id, false);
      return lists.categories();
    });
    route(app, ctx, "disableCategory", FORM, async ({ body }) => {
      await setCategoryDisabled(ctx, body.id, true);
      return lists.categories();
    });

    // ---- priority levels
    route(app, ctx, "submitNewPriorityLevel", FORM, async ({ body }) => {
      await saveSetupEntry(ctx, { table: "priorities", id: null, fields: body });
      return lists.priorities();
    });
    route(app, ctx, "editPriorityLevel", FORM, async ({ body: { id, ...fields } }) => {
      await saveSetupEntry(ctx, { table: "priorities", id, fields });
      return lists.priorities();
    });
    route(app, ctx, "deletePriorityLevel", FORM, async ({ body }) => {
      await deleteSetupEntry(ctx, "priorities", body.id);
      return lists.priorities();
    });
    route(app, ctx, "setDefaultPriority", FORM, async ({ body }) => {
      await setDefaultPriority(ctx, body.id);
      return lists.priorities();
    });

    // ---- servers
    route(app, ctx, "submitNewServer", FORM, async ({ body }) => {
      await saveSetupEntry(ctx, { table: "servers", id: null, fields: body });
      return lists.servers();
    });
    route(app, ctx, "editServer", FORM, async ({ body: { id, ...fields } }) => {
      await saveSetupEntry(ctx, { table: "servers", id, fields });
      return lists.servers();
    });
    route(app, ctx, "deleteServer", FORM, async ({ body }) => {
      await deleteSetupEntry(ctx, "servers", body.id);
      return lists.servers();
    });

    // ---- quick replies
    route(app, ctx, "fetchQuickReplies", FORM, () => lists.quickReplies());
    route(app, ctx, "submitNewQuickReply", FORM, async ({ body }) => {
      await saveQuickReply(ctx, { id: null, ...body });
      return lists.quickReplies();
    });
    route(app, ctx, "editQuickReply", FORM, async ({ body }) => {
      await saveQuickReply(ctx, body);
      return lists.quickReplies();
    });
    route(app, ctx, "deleteQuickReply", FORM, async ({ body }) => {
      await deleteQuickReply(ctx, body.id);
      return lists.quickReplies();
    });
    route(app, ctx, "addCategoriesToQuickReply", FORM, async ({ body }) => {
      await setQuickReplyCategories(ctx, body.id, body.categories);
      return lists.quickReplies();
    });

    // ---- fast-action excuses
    route(app, ctx, "newFastActionExcuse", FORM, async ({ body }) => {
      await saveFastActionExcuse(ctx, body);
      return lists.excuses();
    });
    route(app, ctx, "editFastActionExcuse", FORM, async ({ body }) => {
      await saveFastActionExcuse(ctx, { action: body.action, previous: body.prev_excuse, excuse: body.new_excuse });
      return lists.excuses();
    });
    route(app, ctx, "deleteFastActionExcuse", FORM, async ({ body }) => {
      await deleteFastActionExcuse(ctx, body.action, body.excuse);
      return lists.excuses();
    });
  };
}
