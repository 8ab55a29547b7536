/**
 * The chat word index that migration 0019 keeps by triggers (issue 7, part searchspeed), on both
 * engines: one document per ticket that follows every message write, also under parallel writers.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countTickets } from "../repositories/ticketSearch.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildChatMessage, buildTicket } from "../test/factories.ts";

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
});
