/**
 * The indexes that migration 0019 keeps by triggers (issue 7, part searchspeed), on both engines:
 * the per-status ticket counts always equal a count of the tickets, through filings, status
 * changes, deletes and parallel writers; the per-ticket chat words follow every message write.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import { countTickets } from "../repositories/ticketSearch.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildChatMessage, buildMember, buildTicket } from "../test/factories.ts";

describe.each(ENGINES)("search indexes on %s", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(async () => {
    await store?.close();
  });

  async function expectCountsTrue(): Promise<void> {
    const kept = await store.db
      .selectFrom("ticket_status_counts")
      .select(["status", "n"])
      .where("n", "<>", 0)
      .execute();
    const real = await store.db
      .selectFrom("tickets")
      .select(["status", (eb) => eb.fn.countAll<number | string>().as("n")])
      .groupBy("status")
      .execute();
    const asMap = (rows: { status: string; n: number | string }[]) =>
      Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    expect(asMap(kept)).toEqual(asMap(real));
  }

  it("keeps the per-status counts equal to the tickets through every kind of write", async () => {
    const member = await buildMember(store);
    const tickets = [];
    for (let i = 0; i < 6; i++) tickets.push(await buildTicket(store, { member }));
    await expectCountsTrue();
    const statuses: TicketStatus[] = ["REPLIED", "ON HOLD", "RESOLVED", "CLOSED"];
    for (const [i, status] of statuses.entries()) {
      await store.db
        .updateTable("tickets")
        .set({ status })
        .where("id", "=", tickets[i]?.id ?? 0)
        .execute();
    }
    // An update that leaves the status alone, and one to the same status, change nothing.
    await store.db
      .updateTable("tickets")
      .set({ subject: "Renamed" })
      .where("id", "=", tickets[4]?.id ?? 0)
      .execute();
    await store.db
      .updateTable("tickets")
      .set({ status: "CLOSED" })
      .where("id", "=", tickets[3]?.id ?? 0)
      .execute();
    await expectCountsTrue();
    await store.db
      .deleteFrom("tickets")
      .where("id", "=", tickets[5]?.id ?? 0)
      .execute();
    await expectCountsTrue();

    // The search's totals read them: all tickets, one status, the active ones.
    const all = await store.db
      .selectFrom("tickets")
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .executeTakeFirstOrThrow();
    expect(await countTickets(store.db, engine, {})).toBe(Number(all.n));
    expect(await countTickets(store.db, engine, { status: "CLOSED" })).toBe(1);
    expect(await countTickets(store.db, engine, { status: "ACTIVE" })).toBe(Number(all.n) - 2);
  });

  it("keeps them true under parallel filings and status changes", async () => {
    const member = await buildMember(store);
    const filed = await Promise.all(
      Array.from({ length: 30 }, (_, i) => buildTicket(store, { member, created_at: 1_500_000_000 + i })),
    );
    await Promise.all(
      filed.map((ticket, i) =>
        store.db
          .updateTable("tickets")
          .set({ status: i % 2 === 0 ? "RESOLVED" : "ON HOLD" })
          .where("id", "=", ticket.id)
          .execute(),
      ),
    );
    await expectCountsTrue();
  });

  it("keeps one word document per ticket that follows its messages", async () => {
    const ticket = await buildTicket(store);
    const words = async (query: string) => countTickets(store.db, engine, { chatMessage: query }).then((n) => n);
    const first = await buildChatMessage(store, ticket, { message: "The kraken sank my ship" });
    await Promise.all(
      ["a griffin", "then a manticore", "and a basilisk"].map((message) =>
        buildChatMessage(store, ticket, { message }),
      ),
    );
    expect(await words("kraken")).toBe(1);
    expect(await words("manticore basilisk kraken")).toBe(1);
    await store.db.updateTable("chat_messages").set({ message: "The leviathan" }).where("id", "=", first.id).execute();
    expect(await words("kraken")).toBe(0);
    expect(await words("leviathan griffin")).toBe(1);
    await store.db.updateTable("chat_messages").set({ deleted: 1 }).where("ticket_id", "=", ticket.id).execute();
    expect(await words("griffin")).toBe(0);
    // The migration fills the index from the messages already there: the rows it reads are the same.
    const rows = await sql<{
      n: number | string;
    }>`SELECT count(*) AS n FROM chat_messages WHERE ticket_id = ${ticket.id} AND deleted = 0`.execute(store.db);
    expect(Number(rows.rows[0]?.n)).toBe(0);
  });
});
