/**
 * The setup pages' calls (spec 3 §2.4, §7): quick replies, categories, priority levels, servers
 * and fast-action excuses. Every body is read as a form (multipart, form-encoded or JSON) after
 * the caller's permission was checked (policies/setup.ts), so a caller without it learns nothing
 * of the body rules. Every write answers its list afresh: the page shows what the server holds.
 */
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { z } from "zod";
import {
  categoryTicketNumbersResponse,
  deleteExcuseBody,
  editCategoryBody,
  editExcuseBody,
  editPriorityBody,
  editQuickReplyBody,
  editServerBody,
  fetchQuickRepliesBody,
  newCategoryBody,
  newExcuseBody,
  newPriorityBody,
  newQuickReplyBody,
  newServerBody,
  quickRepliesResponse,
  quickReplyCategoriesBody,
  setupIdBody,
} from "../../common/schemas/setup.ts";
import { categoriesResponse, priorityLevelsResponse, serversResponse } from "../../common/schemas/setupResponses.ts";
import { fastActionExcusesResponse } from "../../common/schemas/staffTickets.ts";
import type { AppContext } from "../context.ts";
import { requireUser } from "../http/session.ts";
import { requireSetupAction, type SetupAction } from "../policies/setup.ts";
import { presentCategory, presentFastActionExcuses, presentPriority, presentServer } from "../presenters/setup.ts";
import { listQuickReplies } from "../repositories/quickReplies.ts";
import { listCategories, listPriorities, listServers, ticketNumbersPerCategory } from "../repositories/setup.ts";
import { listFastActionExcuses } from "../repositories/staff.ts";
import { multipartForm } from "../uploads/multipart.ts";
import { deleteFastActionExcuse } from "../usecases/deleteFastActionExcuse.ts";
import { deleteQuickReply } from "../usecases/deleteQuickReply.ts";
import { deleteSetupEntry } from "../usecases/deleteSetupEntry.ts";
import { saveFastActionExcuse } from "../usecases/saveFastActionExcuse.ts";
import { saveQuickReply } from "../usecases/saveQuickReply.ts";
import { saveSetupEntry } from "../usecases/saveSetupEntry.ts";
import { setCategoryDisabled } from "../usecases/setCategoryDisabled.ts";
import { setDefaultPriority } from "../usecases/setDefaultPriority.ts";
import { setQuickReplyCategories } from "../usecases/setQuickReplyCategories.ts";

const PREFIX = "/api/setup";

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
    /**
     * One setup write: the permission of `action` before the body is read, the body parsed with
     * `schema`, the use case, then the fresh list of `answer`'s response schema.
     */
    function write<S extends z.ZodType, R extends z.ZodType>(
      path: string,
      action: SetupAction,
      schema: S,
      response: R,
      handle: (body: z.output<S>) => Promise<z.input<R>>,
    ): void {
      const form = multipartForm(ctx, {
        schema,
        maxFiles: 0,
        admit: async (request) => void (await requireSetupAction(db, request.user, action)),
      });
      app.post(
        `${PREFIX}/${path}`,
        // The answer is typed by `handle`; Fastify's serializer checks it against `response` too.
        { schema: { response: { 200: response as z.ZodType } }, preHandler: form.preHandler },
        async (request) => {
          requireUser(request);
          return handle(form.read(request).body);
        },
      );
    }

    app.get(
      `${PREFIX}/fetch-category-ticket-numbers`,
      { schema: { response: { 200: categoryTicketNumbersResponse } } },
      async (request) => {
        await requireSetupAction(db, request.user, "viewCategoryCounts");
        return { ticket_numbers: await ticketNumbersPerCategory(db) };
      },
    );

    // ---- categories
    write("submit-new-category", "createEntry", newCategoryBody, categoriesResponse, async (body) => {
      await saveSetupEntry(ctx, { table: "categories", id: null, fields: body });
      return lists.categories();
    });
    write("edit-category", "editEntry", editCategoryBody, categoriesResponse, async ({ id, ...fields }) => {
      await saveSetupEntry(ctx, { table: "categories", id, fields });
      return lists.categories();
    });
    write("delete-category", "deleteEntry", setupIdBody, categoriesResponse, async ({ id }) => {
      await deleteSetupEntry(ctx, "categories", id);
      return lists.categories();
    });
    write("enable-category", "toggleCategory", setupIdBody, categoriesResponse, async ({ id }) => {
      await setCategoryDisabled(ctx, id, false);
      return lists.categories();
    });
    write("disable-category", "toggleCategory", setupIdBody, categoriesResponse, async ({ id }) => {
      await setCategoryDisabled(ctx, id, true);
      return lists.categories();
    });

    // ---- priority levels
    write("submit-new-priority-level", "createEntry", newPriorityBody, priorityLevelsResponse, async (body) => {
      await saveSetupEntry(ctx, { table: "priorities", id: null, fields: body });
      return lists.priorities();
    });
    write("edit-priority-level", "editEntry", editPriorityBody, priorityLevelsResponse, async ({ id, ...fields }) => {
      await saveSetupEntry(ctx, { table: "priorities", id, fields });
      return lists.priorities();
    });
    write("delete-priority-level", "deleteEntry", setupIdBody, priorityLevelsResponse, async ({ id }) => {
      await deleteSetupEntry(ctx, "priorities", id);
      return lists.priorities();
    });
    write("set-default-priority", "setDefaultPriority", setupIdBody, priorityLevelsResponse, async ({ id }) => {
      await setDefaultPriority(ctx, id);
      return lists.priorities();
    });

    // ---- servers
    write("submit-new-server", "createEntry", newServerBody, serversResponse, async (body) => {
      await saveSetupEntry(ctx, { table: "servers", id: null, fields: body });
      return lists.servers();
    });
    write("edit-server", "editEntry", editServerBody, serversResponse, async ({ id, ...fields }) => {
      await saveSetupEntry(ctx, { table: "servers", id, fields });
      return lists.servers();
    });
    write("delete-server", "deleteEntry", setupIdBody, serversResponse, async ({ id }) => {
      await deleteSetupEntry(ctx, "servers", id);
      return lists.servers();
    });

    // ---- quick replies
    write("fetch-quick-replies", "viewQuickReplies", fetchQuickRepliesBody, quickRepliesResponse, () =>
      lists.quickReplies(),
    );
    write("submit-new-quick-reply", "createQuickReply", newQuickReplyBody, quickRepliesResponse, async (body) => {
      await saveQuickReply(ctx, { id: null, ...body });
      return lists.quickReplies();
    });
    write("edit-quick-reply", "editQuickReply", editQuickReplyBody, quickRepliesResponse, async (body) => {
      await saveQuickReply(ctx, body);
      return lists.quickReplies();
    });
    write("delete-quick-reply", "deleteQuickReply", setupIdBody, quickRepliesResponse, async ({ id }) => {
      await deleteQuickReply(ctx, id);
      return lists.quickReplies();
    });
    write(
      "add-categories-to-quick-reply",
      "setQuickReplyCategories",
      quickReplyCategoriesBody,
      quickRepliesResponse,
      async ({ id, categories }) => {
        await setQuickReplyCategories(ctx, id, categories);
        return lists.quickReplies();
      },
    );

    // ---- fast-action excuses
    write("new-fast-action-excuse", "addExcuse", newExcuseBody, fastActionExcusesResponse, async (body) => {
      await saveFastActionExcuse(ctx, body);
      return lists.excuses();
    });
    write("edit-fast-action-excuse", "editExcuse", editExcuseBody, fastActionExcusesResponse, async (body) => {
      await saveFastActionExcuse(ctx, { action: body.action, previous: body.prev_excuse, excuse: body.new_excuse });
      return lists.excuses();
    });
    write("delete-fast-action-excuse", "deleteExcuse", deleteExcuseBody, fastActionExcusesResponse, async (body) => {
      await deleteFastActionExcuse(ctx, body.action, body.excuse);
      return lists.excuses();
    });
  };
}
