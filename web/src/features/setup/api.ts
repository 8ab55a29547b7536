/**
 * The setup pages' calls (spec/3-staff-administration.md §7). Lists share their cache keys with the pages that read them
 * (ticket forms, ticket list, ticket page), so a change shows there too; every write answers the
 * fresh list, which the page puts in place of its own (useSetupList).
 */
import type { QueryKey } from "@tanstack/react-query";
import type { Language } from "../../../../common/constants.ts";
import type { QuickReply } from "../../../../common/schemas/notes.ts";
import { encodeLocaleEntry, valueField } from "../../../../common/schemas/setup.ts";
import type { Category, GameServer, PriorityLevel } from "../../../../common/schemas/setupResponses.ts";
import type { FastAction } from "../../../../common/schemas/staffTickets.ts";
import { api, type RouteOutput } from "../../api/client.ts";

export type { Category, FastAction, GameServer, PriorityLevel, QuickReply };
export type Excuses = RouteOutput<"fetchFastActionExcuses">["fast_action_excuses"];

export const setupKeys = {
  categories: ["setup", "categories"] as const,
  priorities: ["setup", "priorities"] as const,
  servers: ["setup", "servers"] as const,
  quickReplies: ["setup", "quick-replies"] as const,
  ticketNumbers: ["setup", "category-ticket-numbers"] as const,
  deletedCategories: ["setup", "deleted-categories"] as const,
  deletedPriorities: ["setup", "deleted-priorities"] as const,
  deletedServers: ["setup", "deleted-servers"] as const,
  excuses: ["staff", "fast-action-excuses"] as const,
};

/** Caches that show a list elsewhere and must be read again after it changed. */
export const alsoShownIn: Record<"categories" | "priorities" | "servers" | "quickReplies", QueryKey[]> = {
  categories: [["setup", "categories", "with-deleted"], setupKeys.deletedCategories, setupKeys.ticketNumbers],
  priorities: [setupKeys.deletedPriorities],
  servers: [setupKeys.deletedServers],
  // The ticket page's quick-reply panel, per category.
  quickReplies: [["quick-replies"]],
};

export interface EntryFields {
  title: string;
  value: string;
  style: string;
}

export interface CategoryFields extends EntryFields {
  has_violaters_form: boolean;
  locales: Partial<Record<Language, string>>;
}

/** The entry's fields as the server takes them: the form submits only a value its rule accepts. */
function entryBody({ value, ...rest }: EntryFields) {
  return { ...rest, value: valueField.parse(value) };
}

function categoryBody(fields: CategoryFields) {
  const { locales, has_violaters_form, ...entry } = fields;
  // One entry per language, `code____text` (spec/3-staff-administration.md §7); an empty text clears that language.
  const entries = (Object.keys(locales) as Language[]).map((code) => encodeLocaleEntry(code, locales[code] ?? ""));
  return { ...entryBody(entry), has_violaters_form, locales: entries };
}

export const setupApi = {
  fetchCategories: () => api.call("fetchCategories").then((r) => r.categories),
  fetchDeletedCategories: () => api.call("fetchDeletedCategories").then((r) => r.deleted_categories),
  fetchTicketNumbers: () => api.call("fetchCategoryTicketNumbers").then((r) => r.ticket_numbers),
  createCategory: (fields: CategoryFields) =>
    api.call("submitNewCategory", categoryBody(fields)).then((r) => r.categories),
  editCategory: (id: number, fields: CategoryFields) =>
    api.call("editCategory", { id, ...categoryBody(fields) }).then((r) => r.categories),
  deleteCategory: (id: number) => api.call("deleteCategory", { id }).then((r) => r.categories),
  setCategoryDisabled: (id: number, disabled: boolean) =>
    api.call(disabled ? "disableCategory" : "enableCategory", { id }).then((r) => r.categories),

  fetchPriorities: () => api.call("fetchPriorityLevels").then((r) => r.priority_levels),
  fetchDeletedPriorities: () => api.call("fetchDeletedPriorityLevels").then((r) => r.deleted_priority_levels),
  createPriority: (fields: EntryFields) =>
    api.call("submitNewPriorityLevel", entryBody(fields)).then((r) => r.priority_levels),
  editPriority: (id: number, fields: EntryFields) =>
    api.call("editPriorityLevel", { id, ...entryBody(fields) }).then((r) => r.priority_levels),
  deletePriority: (id: number) => api.call("deletePriorityLevel", { id }).then((r) => r.priority_levels),
  setDefaultPriority: (id: number) => api.call("setDefaultPriority", { id }).then((r) => r.priority_levels),

  fetchServers: () => api.call("fetchServers").then((r) => r.servers),
  fetchDeletedServers: () => api.call("fetchDeletedServers").then((r) => r.servers),
  createServer: (fields: EntryFields) => api.call("submitNewServer", entryBody(fields)).then((r) => r.servers),
  editServer: (id: number, fields: EntryFields) =>
    api.call("editServer", { id, ...entryBody(fields) }).then((r) => r.servers),
  deleteServer: (id: number) => api.call("deleteServer", { id }).then((r) => r.servers),

  fetchQuickReplies: () => api.call("fetchQuickReplies", {}).then((r) => r.quick_replies),
  createQuickReply: (title: string, message: string) =>
    api.call("submitNewQuickReply", { title, message }).then((r) => r.quick_replies),
  editQuickReply: (id: number, title: string, message: string) =>
    api.call("editQuickReply", { id, title, message }).then((r) => r.quick_replies),
  deleteQuickReply: (id: number) => api.call("deleteQuickReply", { id }).then((r) => r.quick_replies),
  setQuickReplyCategories: (id: number, categoryIds: readonly number[]) =>
    api.call("addCategoriesToQuickReply", { id, categories: [...categoryIds] }).then((r) => r.quick_replies),

  fetchExcuses: () => api.call("fetchFastActionExcuses").then((r) => r.fast_action_excuses),
  addExcuse: (action: FastAction, excuse: string) =>
    api.call("newFastActionExcuse", { action, excuse }).then((r) => r.fast_action_excuses),
  editExcuse: (action: FastAction, previous: string, excuse: string) =>
    api
      .call("editFastActionExcuse", { action, prev_excuse: previous, new_excuse: excuse })
      .then((r) => r.fast_action_excuses),
  deleteExcuse: (action: FastAction, excuse: string) =>
    api.call("deleteFastActionExcuse", { action, excuse }).then((r) => r.fast_action_excuses),
};
