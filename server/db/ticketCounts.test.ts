/**
 * The status counters of migration 0024 (issue 7, part search) on both engines: the total of the
 * unfiltered list and of a status filter, summed from the delta rows, always equals count(*) of
 * the tickets, through inserts, status changes, deletes, folds, and parallel writers and folds.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACTIVE_STATUSES, type TicketStatus } from "../../common/constants.ts";
import { countTickets } from "../repositories/ticketSearch.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildMember, buildTicket } from "../test/factories.ts";
import { foldTicketStatusCounts, rebuildTicketStatusCounts } from "./ticketCounts.ts";

const STATUSES: TicketStatus[] = ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED", "RESOLVED", "CLOSED"];

describe.each(ENGINES)("ticket status counts on %s", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(async () => {
    await store?.close();
  });

  /** count(*) of the tickets, per status and in all. */
  async function counted(): Promise<{ all: number; byStatus: Record<string, number> }> {
    const rows = await store.db
      .selectFrom("tickets")
      .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("status")
      .execute();
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    return { all: rows.reduce((sum, r) => sum + Number(r.n), 0), byStatus };
  }

  /** Every total the search gives from the counters equals the count of the tickets. */
  async function expectExact(): Promise<number> {
    const { all, byStatus } = await counted();
    expect(await countTickets(store.db, engine, {})).toBe(all);
    for (const status of STATUSES) {
      expect(await countTickets(store.db, engine, { status })).toBe(byStatus[status] ?? 0);
    }
    const active = ACTIVE_STATUSES.reduce((sum, status) => sum + (byStatus[status] ?? 0), 0);
    expect(await countTickets(store.db, engine, { status: "ACTIVE" })).toBe(active);
    return all;
  }

  async function deltaRows(): Promise<number> {
    const row = await store.db
      .selectFrom("ticket_status_counts")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("follows inserts, status changes and deletes, one or many at once, and folds to one row per status", async () => {
    expect(await expectExact()).toBe(0);
    const member = await buildMember(store);
    const tickets = [];
    for (const [i, status] of STATUSES.entries()) {
      tickets.push(await buildTicket(store, { member, status }));
      tickets.push(await buildTicket(store, { status: STATUSES[(i + 2) % STATUSES.length] }));
    }
    expect(await expectExact()).toBe(12);

    // A status change, an update that leaves the status as it is, and one of another column.
    const [first, second, third] = tickets as [(typeof tickets)[0], (typeof tickets)[0], (typeof tickets)[0]];
    await store.db.updateTable("tickets").set({ status: "CLOSED" }).where("id", "=", first.id).execute();
    await store.db.updateTable("tickets").set({ status: second.status }).where("id", "=", second.id).execute();
    await store.db.updateTable("tickets").set({ last_updated: 1 }).where("id", "=", third.id).execute();
    // A bulk update of several tickets in one statement.
    await store.db.updateTable("tickets").set({ status: "RESOLVED" }).where("status", "=", "ON HOLD").execute();
    await expectExact();

    await store.db.deleteFrom("tickets").where("id", "=", third.id).execute();
    expect(await expectExact()).toBe(11);

    const rows = await deltaRows();
    expect(rows).toBeGreaterThan(STATUSES.length);
    expect(await foldTicketStatusCounts(store.db, engine)).toBe(rows);
    expect(await deltaRows()).toBeLessThanOrEqual(STATUSES.length);
    expect(await expectExact()).toBe(11);
    // Folding again changes nothing but the number of rows it read.
    await foldTicketStatusCounts(store.db, engine);
    expect(await expectExact()).toBe(11);

    // Several tickets deleted by one statement (the member's five left).
    await store.db.deleteFrom("tickets").where("user_id", "=", member.id).execute();
    expect(await expectExact()).toBe(6);
  });

  it("counts the tickets that were there before (the migration's fill)", async () => {
    await sql`DELETE FROM ticket_status_counts`.execute(store.db);
    expect(await countTickets(store.db, engine, {})).toBe(0);
    await rebuildTicketStatusCounts(store.db as never);
    await expectExact();
  });

  it("stays exact under parallel status changes in opposite directions and parallel folds", async () => {
    const tickets = [];
    for (let i = 0; i < 12; i++) tickets.push(await buildTicket(store, { status: i % 2 ? "NEW TICKET" : "REPLIED" }));
    const before = await expectExact();
    // Each transaction moves its own ticket twice, half of them from NEW TICKET to REPLIED and the
    // other half the other way, while folds run alongside: the counters share no row between
    // writers, so nothing waits on a lock or deadlocks.
    const moves = tickets.map((ticket) =>
      store.db.transaction().execute(async (trx) => {
        const [via, to]: TicketStatus[] =
          ticket.status === "NEW TICKET" ? ["ON HOLD", "REPLIED"] : ["CLOSED", "NEW TICKET"];
        await trx.updateTable("tickets").set({ status: via }).where("id", "=", ticket.id).execute();
        await trx.updateTable("tickets").set({ status: to }).where("id", "=", ticket.id).execute();
      }),
    );
    const folds = Array.from({ length: 4 }, () => foldTicketStatusCounts(store.db, engine));
    await Promise.all([...moves, ...folds]);
    expect(await expectExact()).toBe(before);
    await Promise.all([foldTicketStatusCounts(store.db, engine), foldTicketStatusCounts(store.db, engine)]);
    expect(await expectExact()).toBe(before);
    expect(await deltaRows()).toBeLessThanOrEqual(STATUSES.length);
  });
});
