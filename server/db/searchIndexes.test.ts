/**
 * The chat word index that migration 0019 keeps by triggers, on both
 * engines: one document per ticket that follows every message write, also under parallel writers.
 * The subject and description, which PostgreSQL searches in their copy beside the ticket
 * (migration 0028), follow the ticket's writes the same way.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTickets } from "../repositories/ticketSearch.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildChatMessage, buildTicket } from "../test/factories.ts";
import { createTicketTexts } from "./textSearch.ts";

describe.each(ENGINES)("search indexes on %s", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(async () => {
    await store?.close();
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

    // A ticket whose only line was stored deleted has no document until the line is restored.
    const quiet = await buildTicket(store);
    const hidden = await buildChatMessage(store, quiet, { message: "a hidden chimera", deleted: 1 });
    expect(await words("chimera")).toBe(0);
    await store.db.updateTable("chat_messages").set({ deleted: 0 }).where("id", "=", hidden.id).execute();
    expect(await words("chimera")).toBe(1);
    // Deleting a ticket with its chat in one transaction leaves no document behind.
    await store.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("chat_messages").where("ticket_id", "=", quiet.id).execute();
      await trx.deleteFrom("tickets").where("id", "=", quiet.id).execute();
    });
    expect(await words("chimera")).toBe(0);
  });

  it("finds a ticket by its subject and description as they are now written, not as a chat message left them", async () => {
    const count = (filter: Parameters<typeof countTickets>[2]) => countTickets(store.db, engine, filter);
    const ticket = await buildTicket(store, {
      subject: "Wyvern egg lost",
      description: "The hatchery ate it. 卵が消えた",
    });
    expect(await count({ subject: "wyvern" })).toBe(1);
    expect(await count({ description: "hatchery" })).toBe(1);
    // Unspaced script: a substring on the trigram index.
    expect(await count({ description: "卵が消" })).toBe(1);
    // A chat message's write of the ticket (last_updated and the like) leaves the copy alone.
    const before = engine === "postgres" ? await copyVersion(ticket.id) : undefined;
    await buildChatMessage(store, ticket, { message: "any news?" });
    await store.db
      .updateTable("tickets")
      .set({ last_updated: ticket.last_updated + 60 })
      .where("id", "=", ticket.id)
      .execute();
    if (engine === "postgres") expect(await copyVersion(ticket.id)).toBe(before);
    // An edit of subject or description is searched at once, the old words no longer.
    await store.db
      .updateTable("tickets")
      .set({ subject: "Griffin egg lost", description: "The aviary ate it." })
      .where("id", "=", ticket.id)
      .execute();
    expect(await count({ subject: "wyvern" })).toBe(0);
    expect(await count({ subject: "griffin egg" })).toBe(1);
    expect(await count({ description: "aviary" })).toBe(1);
    expect(await count({ description: "卵が消" })).toBe(0);
    await store.db.deleteFrom("tickets").where("id", "=", ticket.id).execute();
    expect(await count({ subject: "griffin" })).toBe(0);
    if (engine === "postgres") {
      const left = await sql<{
        n: string;
      }>`select count(*) as n from ticket_texts where ticket_id = ${ticket.id}`.execute(store.db);
      expect(Number(left.rows[0]?.n)).toBe(0);
      // No trigram index is left on tickets: a chat message's UPDATE writes no trigram.
      const gin = await sql<{ indexname: string }>`select indexname from pg_indexes
        where schemaname = current_schema() and tablename = 'tickets' and indexdef ilike '%gin_trgm_ops%'`.execute(
        store.db,
      );
      expect(gin.rows).toEqual([]);
    }
  });

  // PostgreSQL only: SQLite has no copy (defined only there, rather than listed as skipped).
  if (engine === "postgres") {
    it("copies the tickets already there when migration 0028 makes the copy", async () => {
      const ticket = await buildTicket(store, {
        subject: "Basilisk stare",
        description: "Turned to stone. 石になった",
      });
      // As a database before migration 0028 was: tickets without their copy.
      await sql`DROP TABLE ticket_texts`.execute(store.db);
      await sql`DROP FUNCTION ticket_texts_copy() CASCADE`.execute(store.db);
      await createTicketTexts(store.db as never);
      expect(await countTickets(store.db, engine, { description: "石になっ" })).toBe(1);
      expect(await countTickets(store.db, engine, { subject: "basilisk" })).toBe(1);
      const copied = await sql<{
        subject: string;
      }>`select subject from ticket_texts where ticket_id = ${ticket.id}`.execute(store.db);
      expect(copied.rows).toEqual([{ subject: "Basilisk stare" }]);
    });

    it("keeps the plan of the word counters' function, which every chat line calls (migration 0029)", async () => {
      const language = await sql<{ lanname: string }>`select l.lanname from pg_proc p
        join pg_language l on l.oid = p.prolang join pg_namespace n on n.oid = p.pronamespace
        where p.proname = 'word_count_deltas_add' and n.nspname = current_schema()`.execute(store.db);
      expect(language.rows).toEqual([{ lanname: "plpgsql" }]);
    });
  }

  /** The row version (xmin) of the ticket's copy: it changes only when the row is written. */
  async function copyVersion(ticketId: number): Promise<string | undefined> {
    const row = await sql<{
      v: string;
    }>`select xmin::text as v from ticket_texts where ticket_id = ${ticketId}`.execute(store.db);
    return row.rows[0]?.v;
  }
});
