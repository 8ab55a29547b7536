/**
 * Statistics and server status (spec/3-staff-administration.md §2.1, §3 Stats, §7 "Stats and misc"). Every statistic is
 * computed in SQL; these are the query and the answer shapes of /api/stats/* and
 * /api/system/fetch-server-status. docs/decisions/dashboard.md says what each number means.
 */
import { z } from "zod";
import { TICKET_STATUSES } from "../constants.ts";

/**
 * The chart ranges and their series keys (spec/3-staff-administration.md §3): Last 24 Hours = hours_to_count (24 hourly
 * buckets 'HH:00'), Last Week = intervals_to_count (28 six-hour buckets 'YYYY-MM-DD HH:00'), Last
 * Month = weeks_to_count (30 daily buckets 'YYYY-MM-DD'), Last Year = months_to_count (12 monthly
 * buckets '01'…'12'). Buckets are wall-clock periods of BUSINESS_TIMEZONE.
 */
export const STATS_RANGES = ["hours_to_count", "intervals_to_count", "weeks_to_count", "months_to_count"] as const;
export type StatsRange = (typeof STATS_RANGES)[number];
export const DEFAULT_STATS_RANGE: StatsRange = "hours_to_count";

export const statsRangeQuery = z.object({
  /** Which series; the spec's default is hours_to_count. */
  range: z
    .enum(STATS_RANGES, "range must be hours_to_count, intervals_to_count, weeks_to_count or months_to_count")
    .default(DEFAULT_STATS_RANGE),
});
export type StatsRangeQuery = z.infer<typeof statsRangeQuery>;

const count = z.number().int().nonnegative();

export const ticketStats = z.object({
  /** Active tickets: NEW TICKET, WAITING DEV, ON HOLD, REPLIED. */
  n_open: count,
  n_resolved: count,
  n_closed: count,
  n_total: count,
});
export type TicketStats = z.infer<typeof ticketStats>;
export const ticketStatsResponse = z.object({ ticket_stats: ticketStats });
export type TicketStatsResponse = z.infer<typeof ticketStatsResponse>;

/** A ticket-count item (spec/3-staff-administration.md §3): a label and its count; `id` is the category's, when it is one. */
export const ticketCountItem = z.object({ id: z.number().int().optional(), label: z.string(), count });
export type TicketCountItem = z.infer<typeof ticketCountItem>;

export const userStats = z.object({
  /** Active tickets assigned to the caller. */
  n_open: count,
  /** RESOLVED tickets that the caller resolved. */
  n_resolved: count,
  /** CLOSED tickets that the caller closed. */
  n_closed: count,
});
export type UserStats = z.infer<typeof userStats>;

export const userStatsOverviewResponse = z.object({
  user_stats: userStats,
  /** Active tickets of the whole help desk per category, most first. */
  open_ticket_categories: z.array(ticketCountItem),
  /** Active tickets of the whole help desk per status, in the status order of spec/1-product-frame.md §9. */
  open_ticket_statuses: z.array(ticketCountItem.extend({ label: z.enum(TICKET_STATUSES) })),
});
export type UserStatsOverviewResponse = z.infer<typeof userStatsOverviewResponse>;

const seriesMeta = {
  /** Hours the series spans, from the start of its oldest bucket to now. */
  hours_to_count: count,
  /** The key of the newest bucket: hour and month series are rotated so that it comes last. */
  newest: z.string(),
  /** The IANA zone whose wall clock cuts the buckets (BUSINESS_TIMEZONE). */
  time_zone: z.string(),
};

export const ticketsChronologicalResponse = z.object({
  ...seriesMeta,
  /** The requested range's series: bucket key → tickets created in it. */
  datasets: z.record(z.string(), z.record(z.string(), count)),
});
export type TicketsChronologicalResponse = z.infer<typeof ticketsChronologicalResponse>;

/** [mean, median] in minutes; null for a bucket in which no ticket got its first reply. */
export const delayPair = z.tuple([z.number(), z.number()]).nullable();
export type DelayPair = z.infer<typeof delayPair>;

export const firstReplyChronologicalResponse = z.object({
  ...seriesMeta,
  /** The requested range's series: bucket key → [mean, median] minutes of the first replies given in it. */
  datasets: z.record(z.string(), z.record(z.string(), delayPair)),
});
export type FirstReplyChronologicalResponse = z.infer<typeof firstReplyChronologicalResponse>;

/** Why the capacity warning shows; each is a key of the dashboard namespace (capacity.*). */
export const CAPACITY_WARNINGS = [
  "upload_disk_low",
  "database_disk_low",
  "database_large",
  "sockets_high",
  "event_loop_slow",
] as const;
export type CapacityWarning = (typeof CAPACITY_WARNINGS)[number];

export const serverStats = z.object({
  show_warning: z.boolean(),
  /** The highest use of any measure, 0–100 % of its limit (disks: of the volume). */
  capacity: z.number().int().min(0).max(100),
  warnings: z.array(z.enum(CAPACITY_WARNINGS)),
  upload_disk_free_bytes: z.number().nonnegative(),
  upload_disk_total_bytes: z.number().nonnegative(),
  /** Null on PostgreSQL: the database's disk is not visible from an app node. */
  database_disk_free_bytes: z.number().nonnegative().nullable(),
  database_size_bytes: z.number().nonnegative(),
  /** Sockets connected to this node. */
  sockets: count,
  /** 99th percentile of this node's event-loop delay over the last minute, in milliseconds. */
  event_loop_delay_ms: z.number().nonnegative(),
});
export type ServerStats = z.infer<typeof serverStats>;
export const serverStatusResponse = z.object({ server_stats: serverStats });
export type ServerStatusResponse = z.infer<typeof serverStatusResponse>;
