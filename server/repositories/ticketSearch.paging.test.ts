/**
 * Pages past the middle of many matches are read from the other end of the order, and SQLite reads
 * the active tickets by last update from their partial index: on both engines, in every sort and
 * direction (unassigned tickets first or last as the order says), with and without a filter, each
 * page holds the same tickets as the filter and order written out with a plain OFFSET.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVE_STATUSES } from "../../common/constants.ts";
import type { TicketSortField } from "../../common/schemas/ticketSearch.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket, cloneTicket } from "../test/factories.ts";
import { countTickets, pageIdsQuery, type TicketFilter } from "./ticketSearch.ts";

const TICKETS = 5000;

describe.each(ENGINES)("pages from the other end on %s", (engine) => {
  let store: TestStore;

  beforeAll(async () => {
    store = await createTestStore(engine);
    const staff = await buildStaff(store);
    const template = await buildTicket(store, { member: await buildMember(store) });
    // Statuses, assignees (a third unassigned) and last updates that repeat, so ties are ordered by id.
    const statuses = sql.raw(
      `CASE g % 4 WHEN 0 THEN 'CLOSED' WHEN 1 THEN 'REPLIED' WHEN 2 THEN 'NEW TICKET' ELSE 'RESOLVED' END`,
    );
    await cloneTicket(store, template, TICKETS, {
      status: statuses,
      created_at: sql`created_at + g`,
      last_updated: sql`created_at + (g * 37) % 400`,
      assigned_to: sql`CASE WHEN g % 3 = 0 THEN NULL ELSE CAST(${staff.id} AS integer) END`,
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  /** The reference: the filter and order written out, and a plain OFFSET. */
  const plainPage = async (
    filter: TicketFilter,
    sortBy: TicketSortField,
    direction: "asc" | "desc",
    offset: number,
    limit: number,
  ) => {
    const column = {
      lastUpdated: "last_updated",
      createdAt: "created_at",
      status: "status",
      assignedTo: "assigned_to",
    }[sortBy as "lastUpdated"];
    const nulls = column === "assigned_to" ? (direction === "asc" ? " NULLS FIRST" : " NULLS LAST") : "";
    let query = store.db.selectFrom("tickets").select("id");
    if (filter.status === "ACTIVE") query = query.where("status", "in", ACTIVE_STATUSES);
    else if (filter.status) query = query.where("status", "=", filter.status);
    return query
      .orderBy(sql`${sql.ref(column)} ${sql.raw(direction)}${sql.raw(nulls)}`)
      .orderBy("id", direction)
      .offset(offset)
      .limit(limit)
      .execute();
  };

  it("gives every deep page the tickets a plain OFFSET gives", async () => {
    const filters: TicketFilter[] = [{}, { status: "CLOSED" }, { status: "ACTIVE" }];
    const sorts: TicketSortField[] = ["lastUpdated", "createdAt", "status", "assignedTo"];
    for (const filter of filters) {
      const matches = await countTickets(store.db, engine, filter);
      for (const sortBy of sorts) {
        for (const direction of ["asc", "desc"] as const) {
          const order = { sortBy, order: direction };
          for (const [offset, limit] of [
            [0, 10],
            [1000, 10],
            [matches - 200, 100],
            [matches - 10, 10],
            [matches - 3, 10],
          ] as const) {
            if (offset < 0) continue;
            const label = `${JSON.stringify(filter)} ${sortBy} ${direction} ${offset}`;
            const plain = await plainPage(filter, sortBy, direction, offset, limit);
            const fromEnd = await pageIdsQuery(store.db, engine, filter, order, { offset, limit, matches }).execute();
            expect(
              fromEnd.map((r) => r.id),
              label,
            ).toEqual(plain.map((r) => r.id));
            expect(plain.length, label).toBe(Math.max(0, Math.min(limit, matches - offset)));
          }
        }
      }
    }
  });
});
