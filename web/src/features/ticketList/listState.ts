/**
 * The staff ticket list's state (spec 2 §2): the search parameters, the page and the page size,
 * and the sort. Saved per user in localStorage, so that a reload or a return to /admin/ticket
 * finds the list as it was left; the page size and the sort are kept apart from the filters, so
 * that Default and Clear leave them alone.
 */
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS, TIME_FILTERS } from "../../../../common/constants.ts";
import { STATUS_FILTERS, TICKET_SORT_FIELDS, type TicketSortField } from "../../../../common/schemas/ticketSearch.ts";

/** 1 Contains, 2 Exact (spec 2 §5). */
export type SearchMode = 1 | 2;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export interface TextFilter {
  value: string;
  mode: SearchMode;
}

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
  /** Advanced search (spec 2 §2): free-text fields and windows in seconds, -1 for any time. */
  subject: string;
  description: string;
  chatMessage: string;
  createdAt: number;
  lastUpdated: number;
}

export interface Sort {
  key: TicketSortField | null;
  order: "asc" | "desc";
}

export interface ListState {
  params: SearchParams;
  page: number;
}

const emptyText = (): TextFilter => ({ value: "", mode: 1 });

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

/** Default (spec 2 §2): the employee is the current user; everything else All. */
export function defaultParams(userId: number): SearchParams {
  return { ...clearedParams(), employee: userId };
}

export const DEFAULT_SORT: Sort = { key: null, order: "desc" };

/** Clicking a column header: ascending, then descending, then none (spec 2 §2). */
export function nextSort(current: Sort, key: TicketSortField): Sort {
  if (current.key !== key) return { key, order: "asc" };
  if (current.order === "asc") return { key, order: "desc" };
  return DEFAULT_SORT;
}

export function hasAdvancedFilters(params: SearchParams): boolean {
  return (
    params.subject.trim() !== "" ||
    params.description.trim() !== "" ||
    params.chatMessage.trim() !== "" ||
    params.createdAt !== -1 ||
    params.lastUpdated !== -1
  );
}

export type SearchBody = Record<string, string | number | boolean | undefined>;

/** The wire body of pagination-search-tickets / advanced-search-tickets (spec 2 §7). */
export function toSearchBody(params: SearchParams, page: number, pageSize: number, sort: Sort): SearchBody {
  const text = (filter: TextFilter) => filter.value.trim() || undefined;
  const body: SearchBody = {
    ticket_id: text(params.ticketId),
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
  if (hasAdvancedFilters(params)) {
    Object.assign(body, {
      subject: params.subject.trim() || undefined,
      description: params.description.trim() || undefined,
      chatMessage: params.chatMessage.trim() || undefined,
      createdAt: params.createdAt,
      lastUpdated: params.lastUpdated,
    });
  }
  return body;
}

/** localStorage keys, one set per user (a shared browser keeps each staff member's list apart). */
export const LIST_STORAGE_KEYS = {
  state: (userId: number) => `helpdesk.ticketList.state.${userId}`,
  pageSize: (userId: number) => `helpdesk.ticketList.pageSize.${userId}`,
  sort: (userId: number) => `helpdesk.ticketList.sort.${userId}`,
};

function read(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only loses the remembered state.
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const idOrNull = (value: unknown, min = 1): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min ? value : null;

function textFilter(value: unknown): TextFilter {
  if (!isObject(value)) return emptyText();
  return {
    value: typeof value.value === "string" ? value.value.slice(0, 200) : "",
    mode: value.mode === 2 ? 2 : 1,
  };
}

function timeWindow(value: unknown): number {
  return (TIME_FILTERS as readonly unknown[]).includes(value) ? (value as number) : -1;
}

/** Reads what was saved, field by field: a stale or hand-edited entry falls back to defaults. */
export function parseParams(value: unknown, userId: number): SearchParams {
  if (!isObject(value)) return defaultParams(userId);
  const str = (v: unknown) => (typeof v === "string" ? v.slice(0, 200) : "");
  return {
    ticketId: textFilter(value.ticketId),
    name: textFilter(value.name),
    email: textFilter(value.email),
    characterName: textFilter(value.characterName),
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

export function loadListState(userId: number): ListState {
  const saved = read(LIST_STORAGE_KEYS.state(userId));
  if (!isObject(saved)) return { params: defaultParams(userId), page: 1 };
  const page = idOrNull(saved.page) ?? 1;
  return { params: parseParams(saved.params, userId), page };
}

export function saveListState(userId: number, state: ListState): void {
  write(LIST_STORAGE_KEYS.state(userId), state);
}

export function loadPageSize(userId: number): number {
  const saved = read(LIST_STORAGE_KEYS.pageSize(userId));
  return (PAGE_SIZE_OPTIONS as readonly unknown[]).includes(saved) ? (saved as number) : DEFAULT_PAGE_SIZE.staffTickets;
}

export function savePageSize(userId: number, size: number): void {
  write(LIST_STORAGE_KEYS.pageSize(userId), size);
}

export function loadSort(userId: number): Sort {
  const saved = read(LIST_STORAGE_KEYS.sort(userId));
  if (!isObject(saved)) return DEFAULT_SORT;
  const key = (TICKET_SORT_FIELDS as readonly unknown[]).includes(saved.key) ? (saved.key as TicketSortField) : null;
  return { key, order: saved.order === "asc" && key ? "asc" : "desc" };
}

export function saveSort(userId: number, sort: Sort): void {
  write(LIST_STORAGE_KEYS.sort(userId), sort);
}
