/**
 * SQLite's word pages in a window (wordPageInWindow): a one-word search with many matches, in
 * last-update or creation order, either way, at the first, a middle and the last pages, gives the
 * same tickets as the general page query; when the first tickets of the order hold too few
 * matches, the window declines and the general query answers.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "../test/engines.ts";
import { buildMember, buildTicket, cloneTicket } from "../test/factories.ts";
import {
  countTickets,
  type Page,
  pageIdsQuery,
  searchTicketPage,
  type TicketFilter,
  type TicketOrder,
  wordPageInWindow,
} from "./ticketSearch.ts";

const TICKETS = 8000;

describe("word pages in a window on sqlite", () => {
  let store: TestStore;

  beforeAll(async () => {
    store = await createTestStore("sqlite");
    const template = await buildTicket(store, { member: await buildMember(store) });
    // Ids rise with creation and, loosely, with the last update. "castle": 7 tickets in 10, spread
    // evenly. "dragon": 6,000 tickets, all among the least recently updated.
    await cloneTicket(store, template, TICKETS, {
      created_at: sql`created_at + g`,
      last_updated: sql`created_at + g * 10 + (g * 7919) % 50`,
      subject: sql`CASE WHEN g % 10 < 7 THEN 'castle gate' ELSE 'lost item' END
        || CASE WHEN g <= 6000 THEN ' dragon' ELSE '' END`,
    });
  });
  afterAll(async () => {
    await store?.close();
  });

  const general = async (filter: TicketFilter, order: TicketOrder, page: Page) =>
    (await pageIdsQuery(store.db, "sqlite", filter, order, page).execute()).map((r) => r.id);

  it("answers every page of a widely held word as the general query does", async () => {
    const filter: TicketFilter = { subject: "Castle" };
    const matches = await countTickets(store.db, "sqlite", filter);
    expect(matches).toBeGreaterThan(5000);
    for (const order of [
      { sortBy: "lastUpdated", order: "desc" },
      { sortBy: "lastUpdated", order: "asc" },
      { sortBy: "createdAt", order: "desc" },
      { sortBy: "createdAt", order: "asc" },
    ] as TicketOrder[]) {
      for (const [offset, limit] of [
        [0, 10],
        [10, 10],
        [2000, 100],
        [matches - 7, 10],
      ] as const) {
        const page = { offset, limit, matches };
        const windowed = await wordPageInWindow(store.db, filter, order, page);
        const label = `${order.sortBy} ${order.order} ${offset}`;
        expect(windowed, label).toEqual(await general(filter, order, page));
        const found = await searchTicketPage(store.db, "sqlite", filter, order, page);
        expect(
          found.map((t) => t.id),
          label,
        ).toEqual(windowed);
      }
    }
  });

  it("declines when the first tickets of the order hold too few matches, and the page is still right", async () => {
    const filter: TicketFilter = { subject: "dragon" };
    const matches = await countTickets(store.db, "sqlite", filter);
    const order: TicketOrder = { sortBy: "lastUpdated", order: "desc" };
    const page = { offset: 0, limit: 10, matches };
    expect(await wordPageInWindow(store.db, filter, order, page)).toBeUndefined();
    const found = await searchTicketPage(store.db, "sqlite", filter, order, page);
    expect(found.map((t) => t.id)).toEqual(await general(filter, order, page));
    expect(found).toHaveLength(10);
  });

  it("leaves other orders and combined filters to the general query", async () => {
    const matches = await countTickets(store.db, "sqlite", { subject: "castle" });
    const page = { offset: 0, limit: 10, matches };
    expect(
      await wordPageInWindow(store.db, { subject: "castle" }, { sortBy: "status", order: "asc" }, page),
    ).toBeUndefined();
    expect(
      await wordPageInWindow(
        store.db,
        { subject: "castle", status: "CLOSED" },
        { sortBy: "lastUpdated", order: "desc" },
        page,
      ),
    ).toBeUndefined();
  });
});
