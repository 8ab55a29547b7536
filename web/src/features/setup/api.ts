/**
 * The setup pages' calls (spec 3 §7). Lists share their cache keys with the pages that read them
 * (ticket forms, ticket list, ticket page), so a change shows there too; every write answers the
 * fresh list, which the page puts in place of its own (useSetupList).
 */
import type { QueryKey } from "@tanstack/react-query";
import type { Language } from "../../../../common/constants.ts";
import type { QuickReply } from "../../../../common/schemas/notes.ts";
import { encodeLocaleEntry } from "../../../../common/schemas/setup.ts";
import type { Category, GameServer, PriorityLevel } from "../../../../common/schemas/setupResponses.ts";
import type { FastAction, FastActionExcusesResponse } from "../../../../common/schemas/staffTickets.ts";
import { api } from "../../api/client.ts";

export type { Category, FastAction, GameServer, PriorityLevel, QuickReply };
export type Excuses = FastActionExcusesResponse["fast_action_excuses"];

const SETUP = "/api/setup";

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

function categoryBody(fields: CategoryFields) {
  const { locales, ...rest } = fields;
  // One entry per language, `code____text` (spec 3 §7); an empty text clears that language.
  const entries = (Object.keys(locales) as Language[]).map((code) => encodeLocaleEntry(code, locales[code] ?? ""));
  return { ...rest, locales: entries };
}

const categories = (path: string, body: Parameters<typeof api.post>[1]) =>
  api.post<{ categories: Category[] }>(`${SETUP}/${path}`, body).then((r) => r.categories);
const priorities = (path: string, body: Parameters<typeof api.post>[1]) =>
  api.post<{ priority_levels: PriorityLevel[] }>(`${SETUP}/${path}`, body).then((r) => r.priority_levels);
const servers = (path: string, body: Parameters<typeof api.post>[1]) =>
  api.post<{ servers: GameServer[] }>(`${SETUP}/${path}`, body).then((r) => r.servers);
const quickReplies = (path: string, body?: Parameters<typeof api.post>[1]) =>
  api.post<{ quick_replies: QuickReply[] }>(`${SETUP}/${path}`, body).then((r) => r.quick_replies);
const excuses = (path: string, body: Parameters<typeof api.post>[1]) =>
  api.post<FastActionExcusesResponse>(`${SETUP}/${path}`, body).then((r) => r.fast_action_excuses);

export const setupApi = {
  fetchCategories: () => api.get<{ categories: Category[] }>(`${SETUP}/fetch-categories`).then((r) => r.categories),
  fetchDeletedCategories: () =>
    api.get<{ deleted_categories: Category[] }>(`${SETUP}/fetch-deleted-categories`).then((r) => r.deleted_categories),
  fetchTicketNumbers: () =>
    api
      .get<{ ticket_numbers: Record<string, number> }>(`${SETUP}/fetch-category-ticket-numbers`)
      .then((r) => r.ticket_numbers),
  createCategory: (fields: CategoryFields) => categories("submit-new-category", categoryBody(fields)),
  editCategory: (id: number, fields: CategoryFields) => categories("edit-category", { id, ...categoryBody(fields) }),
  deleteCategory: (id: number) => categories("delete-category", { id }),
  setCategoryDisabled: (id: number, disabled: boolean) =>
    categories(disabled ? "disable-category" : "enable-category", { id }),

  fetchPriorities: () =>
    api.get<{ priority_levels: PriorityLevel[] }>(`${SETUP}/fetch-priority-levels`).then((r) => r.priority_levels),
  fetchDeletedPriorities: () =>
    api
      .get<{ deleted_priority_levels: PriorityLevel[] }>(`${SETUP}/fetch-deleted-priority-levels`)
      .then((r) => r.deleted_priority_levels),
  createPriority: (fields: EntryFields) => priorities("submit-new-priority-level", { ...fields }),
  editPriority: (id: number, fields: EntryFields) => priorities("edit-priority-level", { id, ...fields }),
  deletePriority: (id: number) => priorities("delete-priority-level", { id }),
  setDefaultPriority: (id: number) => priorities("set-default-priority", { id }),

  fetchServers: () => api.get<{ servers: GameServer[] }>(`${SETUP}/fetch-servers`).then((r) => r.servers),
  fetchDeletedServers: () =>
    api.get<{ servers: GameServer[] }>(`${SETUP}/fetch-deleted-servers`).then((r) => r.servers),
  createServer: (fields: EntryFields) => servers("submit-new-server", { ...fields }),
  editServer: (id: number, fields: EntryFields) => servers("edit-server", { id, ...fields }),
  deleteServer: (id: number) => servers("delete-server", { id }),

  fetchQuickReplies: () => quickReplies("fetch-quick-replies"),
  createQuickReply: (title: string, message: string) => quickReplies("submit-new-quick-reply", { title, message }),
  editQuickReply: (id: number, title: string, message: string) =>
    quickReplies("edit-quick-reply", { id, title, message }),
  deleteQuickReply: (id: number) => quickReplies("delete-quick-reply", { id }),
  setQuickReplyCategories: (id: number, categoryIds: readonly number[]) =>
    quickReplies("add-categories-to-quick-reply", { id, categories: categoryIds }),

  fetchExcuses: () =>
    api.get<FastActionExcusesResponse>("/api/tickets/fetch-fast-action-excuses").then((r) => r.fast_action_excuses),
  addExcuse: (action: FastAction, excuse: string) => excuses("new-fast-action-excuse", { action, excuse }),
  editExcuse: (action: FastAction, previous: string, excuse: string) =>
    excuses("edit-fast-action-excuse", { action, prev_excuse: previous, new_excuse: excuse }),
  deleteExcuse: (action: FastAction, excuse: string) => excuses("delete-fast-action-excuse", { action, excuse }),
};
