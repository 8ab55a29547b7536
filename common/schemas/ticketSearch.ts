/**
 * The staff ticket list (spec/2-staff-ticket-work.md §2, §7): pagination-search-tickets, advanced-search-tickets and
 * fetch-tagged-chats. Bodies arrive form-encoded or multipart, so numbers come as text. A filter
 * left empty, "all" or -1 means All; a time window of -1 means any time.
 */
import { z } from "zod";
import { PAGE_SIZE_OPTIONS, TICKET_STATUSES } from "../constants.ts";
import { staffTicket } from "./ticketResponses.ts";

const id = z.coerce.number().int().positive().max(2_147_483_647);

/** "", "all", "-1" or absent: no filter. */
const ALL = new Set(["", "all", "-1", "null", "undefined"]);
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (value === undefined || value === null || ALL.has(String(value)) ? undefined : value),
    schema.optional(),
  );
}

/** Search modes (spec/2-staff-ticket-work.md §5): 1 Contains, 2 Exact. */
export const SEARCH_MODES = { contains: 1, exact: 2 } as const;
const mode = z.coerce
  .number()
  .int()
  .pipe(z.union([z.literal(1), z.literal(2)]))
  .default(1);
const searchText = optional(z.string().trim().min(1).max(200));
/**
 * Subject, description and chat message are always Contains; a trigram index needs three
 * characters, and these long texts have no prefix index to fall back on (docs/decisions/search.md).
 */
const longText = optional(z.string().trim().min(3, "Enter at least 3 characters").max(200));
const bool = z
  .union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "off", ""])])
  .optional()
  .transform((v) => v === true || v === "true" || v === "1" || v === "on");

/** The sortable ticket fields, by their wire names (`sort_by`). */
export const TICKET_SORT_FIELDS = [
  "createdAt",
  "lastUpdated",
  "status",
  "priority",
  "category",
  "server",
  "email",
  "name",
  "characterName",
  "assignedTo",
] as const;
export type TicketSortField = (typeof TICKET_SORT_FIELDS)[number];

/** Statuses, plus the ACTIVE display group (every status that has not ended). */
export const STATUS_FILTERS = [...TICKET_STATUSES, "ACTIVE"] as const;

/**
 * The views above the staff list (docs/decisions/views.md), each an open-ticket filter: mine
 * (assigned to the caller), unassigned, waiting on me (assigned to the caller, the player spoke
 * last) and all open. "Open" is the ACTIVE group: every status that has not ended.
 */
export const TICKET_VIEWS = ["mine", "unassigned", "waiting_on_me", "all_open"] as const;
export type TicketView = (typeof TICKET_VIEWS)[number];

export const paginationSearchTicketsBody = z.object({
  ticket_id: optional(id),
  ticket_id_mode: mode,
  name: searchText,
  name_mode: mode,
  email: searchText,
  email_mode: mode,
  character_name: searchText,
  character_name_mode: mode,
  server: optional(id),
  category: optional(id),
  status: optional(z.enum(STATUS_FILTERS)),
  priority: optional(id),
  /** A staff id; 0 means unassigned. */
  employee: optional(z.coerce.number().int().min(0).max(2_147_483_647)),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  entries_per_page: z.coerce
    .number()
    .int()
    .refine((n) => (PAGE_SIZE_OPTIONS as readonly number[]).includes(n), "entries_per_page must be 10, 25, 50 or 100")
    .default(10),
  sort_by: optional(z.enum(TICKET_SORT_FIELDS)),
  order: z.enum(["asc", "desc"]).default("desc"),
  /** true: the default filter, employee = the caller (spec/2-staff-ticket-work.md §2). */
  default: bool,
  /** true: only tickets in which the caller is tagged. */
  tagged: bool,
  /** A view's filters, which take the place of the same fields of the body (docs/decisions/views.md). */
  view: optional(z.enum(TICKET_VIEWS)),
});
export type PaginationSearchTicketsBody = z.infer<typeof paginationSearchTicketsBody>;

/** A time window in seconds back from now (spec/2-staff-ticket-work.md §9), or -1 for any time. */
const window = z.coerce
  .number()
  .int()
  .min(-1)
  .max(10 * 31_536_000)
  .default(-1);

export const advancedSearchTicketsBody = paginationSearchTicketsBody.extend({
  subject: longText,
  description: longText,
  chatMessage: longText,
  createdAt: window,
  lastUpdated: window,
});
export type AdvancedSearchTicketsBody = z.infer<typeof advancedSearchTicketsBody>;

export const fetchTaggedChatsBody = z.object({
  entries_per_page: paginationSearchTicketsBody.shape.entries_per_page,
  current_page: paginationSearchTicketsBody.shape.page,
  tagged: bool,
  default: bool,
});

/** A staff member as lists show them (assignee column, employee filter). */
export const staffEntry = z.object({ id: z.number().int(), name: z.string(), avatar: z.string().nullable() });
export type StaffEntry = z.infer<typeof staffEntry>;

export const ticketSearchResponse = z.object({
  tickets: z.array(staffTicket),
  /** The staff members the page's tickets are assigned to. */
  users: z.array(staffEntry),
  total_pages: z.number().int(),
  /** Exact. */
  total_count: z.number().int(),
});
export type TicketSearchResponse = z.infer<typeof ticketSearchResponse>;

export const fetchTaggedChatsResponse = z.object({
  tickets: z.array(staffTicket),
  total_pages: z.number().int(),
  users: z.array(staffEntry),
  total_count: z.number().int(),
});
export type FetchTaggedChatsResponse = z.infer<typeof fetchTaggedChatsResponse>;

/** fetch-tickets-by-timestamp: the ticket whose number (creation second) is `createdAt` (#number tags). */
export const fetchTicketsByTimestampBody = z.object({
  createdAt: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
});
export const fetchTicketsByTimestampResponse = z.object({ tickets: z.array(staffTicket) });
export type FetchTicketsByTimestampResponse = z.infer<typeof fetchTicketsByTimestampResponse>;

/** fetch-views: each view's number of tickets, as the caller may see them. */
export const fetchTicketViewsResponse = z.object({
  views: z.array(z.object({ key: z.enum(TICKET_VIEWS), count: z.number().int() })),
});
export type FetchTicketViewsResponse = z.infer<typeof fetchTicketViewsResponse>;
