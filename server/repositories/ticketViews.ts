/**
 * The views above the staff ticket list (docs/decisions/views.md): each view is a filter of the
 * ticket search, so the list a view shows and the count beside it always say the same thing.
 * Staff see every ticket (policies/tickets.ts), so a view counts every ticket its filter matches.
 */
import type { Kysely } from "kysely";
import { TICKET_VIEWS, type TicketView } from "../../common/schemas/ticketSearch.ts";
import type { Engine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { countQuery, type TicketFilter } from "./ticketSearch.ts";

/** A view's filter for this staff member: open tickets (the ACTIVE group) and the view's own conditions. */
export function viewFilter(view: TicketView, staffId: number): TicketFilter {
  switch (view) {
    case "mine":
      return { status: "ACTIVE", employee: staffId };
    case "unassigned":
      return { status: "ACTIVE", employee: 0 };
    case "waiting_on_me":
      return { status: "ACTIVE", employee: staffId, playerSpokeLast: true };
    case "all_open":
      return { status: "ACTIVE" };
  }
}

/** The statement of every view's count, one scalar subquery each (the benchmark and the plan test read it). */
export function viewCountsQuery(db: Kysely<Database>, engine: Engine, staffId: number) {
  return db.selectNoFrom(TICKET_VIEWS.map((view) => countQuery(db, engine, viewFilter(view, staffId)).as(view)));
}

/** Each view's number of tickets, in one statement. */
export async function countViews(
  db: Kysely<Database>,
  engine: Engine,
  staffId: number,
): Promise<{ key: TicketView; count: number }[]> {
  const row = await viewCountsQuery(db, engine, staffId).executeTakeFirstOrThrow();
  const counts = row as Record<TicketView, number | string | null>;
  return TICKET_VIEWS.map((key) => ({ key, count: Number(counts[key] ?? 0) }));
}
