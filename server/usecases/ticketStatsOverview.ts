/** The help desk's ticket totals (spec/3-staff-administration.md §3 ticket_stats): open (active), resolved, closed, all. */
import { ACTIVE_STATUSES } from "../../common/constants.ts";
import type { TicketStats } from "../../common/schemas/stats.ts";
import type { AppContext } from "../context.ts";
import { countTicketsByStatus } from "../repositories/stats.ts";

export async function ticketStatsOverview(ctx: AppContext): Promise<TicketStats> {
  const byStatus = await countTicketsByStatus(ctx.store.db);
  const of = (status: string) => byStatus.get(status as never) ?? 0;
  return {
    n_open: ACTIVE_STATUSES.reduce((sum, status) => sum + of(status), 0),
    n_resolved: of("RESOLVED"),
    n_closed: of("CLOSED"),
    n_total: [...byStatus.values()].reduce((sum, n) => sum + n, 0),
  };
}
