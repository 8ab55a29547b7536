/**
 * The ticket counters of migration 0020 on both engines: the counts always equal a GROUP BY over
 * the tickets, whatever writes the tickets (inserts, status and category changes, deletes), before
 * and after a fold; folding twice changes nothing; on PostgreSQL, many status changes in opposite
 * directions at once and folds on two nodes at once neither deadlock nor lose or double a change.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import { openDatabase } from "../db/database.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildCategory, buildMember, buildTicket } from "../test/factories.ts";
import { foldTicketCounts, ticketCounts } from "./ticketCounts.ts";

type Db = TestStore["db"];

/** The truth: tickets per (status, category) straight from the tickets table. */
async function groupedTickets(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom("tickets")
    .select(["status", "category_id", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy(["status", "category_id"])
    .execute();
  return rows.map((r) => `${r.status}|${r.category_id}|${Number(r.n)}`).sort();
}

async function counted(db: Db): Promise<string[]> {
  return (await ticketCounts(db)).map((c) => `${c.status}|${c.category_id}|${c.n}`).sort();
}

async function deltaRows(db: Db): Promise<number> {
  const row = await db
    .selectFrom("ticket_count_deltas")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

const STATUSES: TicketStatus[] = ["NEW TICKET", "REPLIED", "ON HOLD", "WAITING DEV", "RESOLVED", "CLOSED"];

describe.each(ENGINES)("ticket counters on %s", (engine) => {
  let store: TestStore;
  let categories: number[];
  let tickets: number[];

  beforeAll(async () => {
    store = await createTestStore(engine);
    categories = [];
    for (let i = 0; i < 3; i++) categories.push((await buildCategory(store, { title: `C${i}`, value: i })).id);
    const member = await buildMember(store);
    tickets = [];
    for (let i = 0; i < 12; i++) {
      const ticket = await buildTicket(store, {
        member,
        status: STATUSES[i % STATUSES.length],
        category_id: categories[i % categories.length],
      });
      tickets.push(ticket.id);
    }
  });
  afterAll(async () => {
    await store?.close();
  });

  it("counts new tickets before any fold, one delta row per ticket", async () => {
    expect(await counted(store.db)).toEqual(await groupedTickets(store.db));
    expect(await deltaRows(store.db)).toBe(12);
  });

  it("follows status and category changes and deletions, and writes no delta for a change of something else", async () => {
    const [a, b, c, d] = tickets as [number, number, number, number];
    await store.db.updateTable("tickets").set({ status: "CLOSED" }).where("id", "=", a).execute();
    await store.db
      .updateTable("tickets")
      .set({ category_id: categories[2] as number })
      .where("id", "=", b)
      .execute();
    await store.db
      .updateTable("tickets")
      .set({ status: "RESOLVED", category_id: categories[0] as number })
      .where("id", "=", c)
      .execute();
    const before = await deltaRows(store.db);
    await store.db.updateTable("tickets").set({ subject: "Another subject" }).where("id", "=", d).execute();
    // Setting the status it already has is no change either.
    await store.db.updateTable("tickets").set({ status: sql<TicketStatus>`status` }).where("id", "=", d).execute();
    expect(await deltaRows(store.db)).toBe(before);
    await store.db.deleteFrom("tickets").where("id", "=", d).execute();
    expect(await counted(store.db)).toEqual(await groupedTickets(store.db));
  });

  it("folds every delta into the counts, and a second fold changes nothing", async () => {
    const truth = await groupedTickets(store.db);
    const deltas = await deltaRows(store.db);
    expect(await foldTicketCounts(store.db, engine)).toBe(deltas);
    expect(await deltaRows(store.db)).toBe(0);
    expect(await counted(store.db)).toEqual(truth);
    expect(await foldTicketCounts(store.db, engine)).toBe(0);
    expect(await counted(store.db)).toEqual(truth);
  });

  it("stays exact when changes go on between folds, and when two folds run at once", async () => {
    for (const [i, id] of tickets.slice(4).entries()) {
      await store.db
        .updateTable("tickets")
        .set({ status: STATUSES[(i + 2) % STATUSES.length] as TicketStatus })
        .where("id", "=", id)
        .execute();
      if (i % 3 === 0) await foldTicketCounts(store.db, engine);
    }
    const deltas = await deltaRows(store.db);
    const folded = await Promise.all([foldTicketCounts(store.db, engine), foldTicketCounts(store.db, engine)]);
    expect(folded[0] + folded[1]).toBe(deltas);
    expect(await counted(store.db)).toEqual(await groupedTickets(store.db));
  });
});

describe.runIf(ENGINES.includes("postgres"))("ticket counters under concurrency on postgres", () => {
  let store: TestStore;
  let other: { db: Db; close(): Promise<void> };
  let tickets: number[];

  beforeAll(async () => {
    store = await createTestStore("postgres");
    // A second node: its own pool on the same schema.
    other = openDatabase(store.openOptions) as { db: Db; close(): Promise<void> };
    const category = (await buildCategory(store, { title: "Only" })).id;
    const member = await buildMember(store);
    tickets = [];
    for (let i = 0; i < 20; i++) {
      tickets.push(
        (await buildTicket(store, { member, category_id: category, status: i % 2 ? "CLOSED" : "NEW TICKET" })).id,
      );
    }
    await foldTicketCounts(store.db, "postgres");
  });
  afterAll(async () => {
    await other?.close();
    await store?.close();
  });

  it("takes status changes in opposite directions at once, with folds on two nodes meanwhile, without a deadlock or a lost change", async () => {
    const nodes = [store.db, other.db];
    // Each round flips every ticket (NEW TICKET <-> CLOSED, so half go each way), one transaction
    // per ticket as the app does, from both nodes, while both nodes fold.
    const flip = (db: Db, id: number) =>
      db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom("tickets")
          .select("status")
          .where("id", "=", id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        await trx
          .updateTable("tickets")
          .set({ status: row.status === "CLOSED" ? "NEW TICKET" : "CLOSED" })
          .where("id", "=", id)
          .execute();
      });
    let folded = 0;
    for (let round = 0; round < 5; round++) {
      const work: Promise<unknown>[] = tickets.map((id, i) => flip(nodes[i % 2] as Db, id));
      for (const db of nodes) {
        work.push(
          foldTicketCounts(db as Db, "postgres").then((n) => {
            folded += n;
          }),
        );
      }
      await Promise.all(work);
    }
    const left = await deltaRows(store.db);
    // Every flip wrote two deltas; each was folded once or is still waiting, none twice.
    expect(folded + left).toBe(5 * tickets.length * 2);
    expect(await counted(store.db)).toEqual(await groupedTickets(store.db));
    const [a, b] = await Promise.all([foldTicketCounts(store.db, "postgres"), foldTicketCounts(other.db, "postgres")]);
    expect(a + b).toBe(left);
    expect(await deltaRows(store.db)).toBe(0);
    expect(await counted(other.db)).toEqual(await groupedTickets(store.db));
  });
});
