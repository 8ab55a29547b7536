/**
 * Authorization rows for the setup pages' calls: categories, priorities, servers, quick replies
 * and excuses (spec/3-staff-administration.md §2.4, §7). The permission of each call is its access
 * in common/contract/setupAdmin.ts; with the default rank sets (common/permissions.ts) the dev
 * rank holds none of the setup writes, mods hold setup:* and quick_response:*, and only admins
 * hold category:disable and priority:set_default.
 */
import {
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
  quickReplyCategoriesBody,
  setupIdBody,
} from "../../../common/schemas/setup.ts";
import { type AccessFixtures, type Expected, outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/** Players know the calls exist (403); anonymous callers sign in first (401). */
const refused = { anonymous: 401, temporary: 403, members: 403 } as const;
/** setup:*, quick_response:create/edit/set_categories: mods and admins. */
const MODS = outcomes<Expected>({ ...refused, dev: 403, mod: 200, admin: 200 });
/** category:disable, priority:set_default: admins only by default. */
const ADMINS = outcomes<Expected>({ ...refused, dev: 403, mod: 403, admin: 200 });
/** Mods and admins pass the policy, and the entry is refused for what it is. */
const MODS_CONFLICT = outcomes<Expected>({ ...refused, dev: 403, mod: 409, admin: 409 });

type Kind = "categories" | "priorities" | "servers";
const own = (kind: Kind) => async (f: AccessFixtures) => ({ json: { id: (await f.freshSetupEntry(kind)).id } });
const entry = (f: AccessFixtures) => ({ title: `Entry ${f.unique()}`, value: 5, style: "blue" });

function writeRow(url: string, schema: RouteAccess["schema"], cases: RouteAccess["cases"]): RouteAccess {
  return { method: "POST", url: `/api/setup/${url}`, schema, cases };
}

export const SETUP_ADMIN_ROUTES: RouteAccess[] = [
  {
    method: "GET",
    url: "/api/setup/fetch-category-ticket-numbers",
    schema: null,
    cases: [{ name: "the counts", request: () => ({}), expect: MODS }],
  },

  // ---- categories
  writeRow("submit-new-category", newCategoryBody, [
    {
      name: "a new category with two language titles",
      request: (f) => ({
        json: { ...entry(f), has_violaters_form: false, locales: ["tr____Yeni", "de____Neu"] },
      }),
      expect: MODS,
    },
  ]),
  writeRow("edit-category", editCategoryBody, [
    {
      name: "the caller's own category",
      request: async (f) => ({
        json: { id: (await f.freshSetupEntry("categories")).id, ...entry(f), locales: "tr____Yeni" },
      }),
      expect: MODS,
    },
  ]),
  writeRow("delete-category", setupIdBody, [
    { name: "a category without tickets", request: own("categories"), expect: MODS },
    { name: "A's ticket's category", request: (f) => ({ json: { id: f.categoryId } }), expect: MODS_CONFLICT },
  ]),
  writeRow("disable-category", setupIdBody, [{ name: "own category", request: own("categories"), expect: ADMINS }]),
  writeRow("enable-category", setupIdBody, [{ name: "own category", request: own("categories"), expect: ADMINS }]),

  // ---- priority levels
  writeRow("submit-new-priority-level", newPriorityBody, [
    { name: "a new priority", request: (f) => ({ json: entry(f) }), expect: MODS },
  ]),
  writeRow("edit-priority-level", editPriorityBody, [
    {
      name: "the caller's own priority",
      request: async (f) => ({ json: { id: (await f.freshSetupEntry("priorities")).id, ...entry(f) } }),
      expect: MODS,
    },
  ]),
  writeRow("delete-priority-level", setupIdBody, [
    { name: "a priority that is not the default", request: own("priorities"), expect: MODS },
    { name: "the default priority", request: (f) => ({ json: { id: f.priorityId } }), expect: MODS_CONFLICT },
  ]),
  writeRow("set-default-priority", setupIdBody, [
    { name: "the current default again", request: (f) => ({ json: { id: f.priorityId } }), expect: ADMINS },
  ]),

  // ---- servers
  writeRow("submit-new-server", newServerBody, [
    { name: "a new server", request: (f) => ({ json: entry(f) }), expect: MODS },
  ]),
  writeRow("edit-server", editServerBody, [
    {
      name: "the caller's own server",
      request: async (f) => ({ json: { id: (await f.freshSetupEntry("servers")).id, ...entry(f) } }),
      expect: MODS,
    },
  ]),
  writeRow("delete-server", setupIdBody, [{ name: "own server", request: own("servers"), expect: MODS }]),

  // ---- quick replies: quick_response:view is in every staff rank's default set
  writeRow("fetch-quick-replies", fetchQuickRepliesBody, [
    { name: "the list", request: () => ({ json: {} }), expect: outcomes({ ...refused, staff: 200 }) },
  ]),
  writeRow("submit-new-quick-reply", newQuickReplyBody, [
    {
      name: "a new reply",
      request: (f) => ({ json: { title: `Reply ${f.unique()}`, message: "We are on it." } }),
      expect: MODS,
    },
  ]),
  writeRow("edit-quick-reply", editQuickReplyBody, [
    {
      name: "the caller's own reply",
      request: async (f) => ({
        json: { id: (await f.freshQuickReply()).id, title: `Reply ${f.unique()}`, message: "Updated." },
      }),
      expect: MODS,
    },
  ]),
  writeRow("delete-quick-reply", setupIdBody, [
    { name: "own reply", request: async (f) => ({ json: { id: (await f.freshQuickReply()).id } }), expect: MODS },
  ]),
  writeRow("add-categories-to-quick-reply", quickReplyCategoriesBody, [
    {
      name: "A's category on the caller's own reply",
      request: async (f) => ({ json: { id: (await f.freshQuickReply()).id, categories: [f.categoryId] } }),
      expect: MODS,
    },
  ]),

  // ---- fast-action excuses
  writeRow("new-fast-action-excuse", newExcuseBody, [
    {
      name: "a new RESOLVED reason",
      request: (f) => ({ json: { action: "RESOLVED", excuse: `Solved in game ${f.unique()}` } }),
      expect: MODS,
    },
  ]),
  writeRow("edit-fast-action-excuse", editExcuseBody, [
    {
      name: "the caller's own CLOSED reason",
      request: async (f) => ({
        json: { action: "CLOSED", prev_excuse: await f.freshExcuse("CLOSED"), new_excuse: `Duplicate ${f.unique()}` },
      }),
      expect: MODS,
    },
  ]),
  writeRow("delete-fast-action-excuse", deleteExcuseBody, [
    {
      name: "the caller's own RESOLVED reason",
      request: async (f) => ({ json: { action: "RESOLVED", excuse: await f.freshExcuse("RESOLVED") } }),
      expect: MODS,
    },
  ]),
];

export const SETUP_ADMIN_SOCKETS: SocketAccess[] = [];
