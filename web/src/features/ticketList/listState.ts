/**
 * The staff ticket list's state (spec/2-staff-ticket-work.md §2): the search parameters, the page and the page size,
 * and the sort. Saved per user in localStorage, so that a reload or a return to /admin/ticket
 * finds the list as it was left; the page size and the sort are kept apart from the filters, so
 * that Default and Clear leave them alone.
 */
import { TIME_FILTERS } from "../../../../common/constants.ts";
import {
  STATUS_FILTERS,
  TICKET_VIEWS,
  type TicketSortField,
  type TicketView,
} from "../../../../common/schemas/ticketSearch.ts";
import type { RouteFields } from "../../api/client.ts";
import {
  emptyText,
  idOrNull,
  isObject,
  type ListSort,
  type ListStorageKeys,
  parseTextFilter,
  type RememberedState,
  type TextFilter,
  textValue,
} from "./rememberedList.ts";

export { nextSort, type SearchMode, type TextFilter } from "./rememberedList.ts";
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface SearchParams {
  ticketId: TextFilter;
  name: TextFilter;
  email: TextFilter;
  characterName: TextFilter;
  server: number | null;
  category: number | null;
  status: StatusFilter | null;
  priority: number | null;
  /** A staff id, 0 for unassigned, null for everyone. */
  employee: number | null;
  tagged: boolean;
  /** Advanced search (spec/2-staff-ticket-work.md §2): free-text fields and windows in seconds, -1 for any time. */
  subject: string;
  description: string;
  chatMessage: string;
  createdAt: number;
  lastUpdated: number;
}

export type Sort = ListSort<TicketSortField>;
export type ListState = RememberedState<SearchParams>;

/** Clear: every filter at All. */
export function clearedParams(): SearchParams {
  return {
    ticketId: emptyText(),
    name: emptyText(),
    email: emptyText(),
    characterName: emptyText(),
    server: null,
    category: null,
    status: null,
    priority: null,
    employee: null,
    tagged: false,
    subject: "",
    description: "",
    chatMessage: "",
    createdAt: -1,
    lastUpdated: -1,
  };
}

/** Default (spec/2-staff-ticket-work.md §2): the employee is the current user; everything else All. */
export function defaultParams(userId: number): SearchParams {
  return { ...clearedParams(), employee: userId };
}

export const DEFAULT_SORT: Sort = { key: null, order: "desc" };

export function hasAdvancedFilters(params: SearchParams): boolean {
  return (
    params.subject.trim() !== "" ||
    params.description.trim() !== "" ||
    params.chatMessage.trim() !== "" ||
    params.createdAt !== -1 ||
    params.lastUpdated !== -1
  );
}

/** The fields of both searches: the advanced one takes the plain one's and its own. */
export type SearchBody = RouteFields<"advancedSearchTickets">;

/** The wire body of pagination-search-tickets / advanced-search-tickets (spec/2-staff-ticket-work.md §7). */
export function toSearchBody(params: SearchParams, page: number, pageSize: number, sort: Sort): SearchBody {
  const text = textValue;
  // The ticket id field takes digits only; the server reads it as the number.
  const ticketId = text(params.ticketId);
  const body: SearchBody = {
    ticket_id: ticketId === undefined ? undefined : Number(ticketId),
    ticket_id_mode: params.ticketId.mode,
    name: text(params.name),
    name_mode: params.name.mode,
    email: text(params.email),
    email_mode: params.email.mode,
    character_name: text(params.characterName),
    character_name_mode: params.characterName.mode,
    server: params.server ?? undefined,
    category: params.category ?? undefined,
    status: params.status ?? undefined,
    priority: params.priority ?? undefined,
    employee: params.employee ?? undefined,
    tagged: params.tagged || undefined,
    page,
    entries_per_page: pageSize,
    sort_by: sort.key ?? undefined,
    order: sort.order,
  };
  if (!hasAdvancedFilters(params)) return body;
  return {
    ...body,
    subject: params.subject.trim() || undefined,
    description: params.description.trim() || undefined,
    chatMessage: params.chatMessage.trim() || undefined,
    createdAt: params.createdAt,
    lastUpdated: params.lastUpdated,
  };
}

/**
 * What the list shows: one of the views above it (docs/decisions/views.md), or the full search
 * with its filters. Mine by default: open tickets assigned to me, what a staff member works on.
 */
export type ListView = TicketView | "search";
export const LIST_VIEWS: readonly ListView[] = [...TICKET_VIEWS, "search"];
export const DEFAULT_VIEW: ListView = "mine";

/** A saved choice of view; anything else, or nothing saved, is the default view. */
export function parseView(value: unknown): ListView {
  return (LIST_VIEWS as readonly unknown[]).includes(value) ? (value as ListView) : DEFAULT_VIEW;
}

/** The wire body of a view: the server fills in its filters, the list keeps its paging and sort. */
export function viewBody(view: TicketView, page: number, pageSize: number, sort: Sort): SearchBody {
  return { view, page, entries_per_page: pageSize, sort_by: sort.key ?? undefined, order: sort.order };
}

/** The localStorage key of the chosen view, per user. */
export const VIEW_STORAGE_KEY = (userId: number) => `helpdesk.ticketList.view.${userId}`;

/** localStorage keys, one set per user (a shared browser keeps each staff member's list apart). */
export const LIST_STORAGE_KEYS = (userId: number): ListStorageKeys => ({
  state: `helpdesk.ticketList.state.${userId}`,
  pageSize: `helpdesk.ticketList.pageSize.${userId}`,
  sort: `helpdesk.ticketList.sort.${userId}`,
});

function timeWindow(value: unknown): number {
  return (TIME_FILTERS as readonly unknown[]).includes(value) ? (value as number) : -1;
}

/** Reads what was saved, field by field: a stale or hand-edited entry falls back to defaults. */
export function parseParams(value: unknown, userId: number): SearchParams {
  if (!isObject(value)) return defaultParams(userId);
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : "");
  return {
    ticketId: parseTextFilter(value.ticketId),
    name: parseTextFilter(value.name),
    email: parseTextFilter(value.email),
    characterName: parseTextFilter(value.characterName),
    server: idOrNull(value.server),
    category: idOrNull(value.category),
    status: (STATUS_FILTERS as readonly unknown[]).includes(value.status) ? (value.status as StatusFilter) : null,
    priority: idOrNull(value.priority),
    employee: idOrNull(value.employee, 0),
    tagged: value.tagged === true,
    subject: str(value.subject),
    description: str(value.description),
    chatMessage: str(value.chatMessage),
    createdAt: timeWindow(value.createdAt),
    lastUpdated: timeWindow(value.lastUpdated),
  };
}
