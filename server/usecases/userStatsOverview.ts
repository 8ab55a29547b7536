/**
 * The dashboard's overview for one employee (spec/3-staff-administration.md §2.1, §7 get-user-stats-overview): their own
 * work (user_stats) and the help desk's open tickets per category and per status.
 */
import { ACTIVE_STATUSES } from "../../common/constants.ts";
import type { UserStatsOverviewResponse } from "../../common/schemas/stats.ts";
import type { AppContext } from "../context.ts";
import { countOpenTicketsByCategory, countOpenTicketsByStatus, countStaffTickets } from "../repositories/stats.ts";

export async function userStatsOverview(ctx: AppContext, userId: number): Promise<UserStatsOverviewResponse> {
  const { db } = ctx.store;
  const [mine, categories, statuses] = await Promise.all([
    countStaffTickets(db, userId),
    countOpenTicketsByCategory(db),
    countOpenTicketsByStatus(db),
  ]);
  return {
    user_stats: { n_open: mine.open, n_resolved: mine.resolved, n_closed: mine.closed },
    open_ticket_categories: categories.map((c) => ({ id: c.id, label: c.title, count: c.n })),
    open_ticket_statuses: ACTIVE_STATUSES.map((status) => ({ label: status, count: statuses.get(status) ?? 0 })),
  };
}
