/**
 * PostgreSQL's search counters.
 * - Word counters (migration 0024): the total of a one-word search on subject, description or chat
 *   equals the count on the word index, whatever writes the documents (new tickets, edited
 *   subjects and descriptions, chat lines written, edited and deleted, tickets deleted), before
 *   and after a fold, and while many lines are written and folds run at once. A query of several
 *   words, or of one word PostgreSQL cuts in several lexemes, is counted on the word index as
 *   before.
 * - Tickets per day of last update (migration 0025): a deep page of the whole list, in either
 *   direction, holds the same tickets as a plain OFFSET over the index, through updates that move
 *   tickets between days, inserts, deletions and folds.
 * SQLite counts words in its FTS5 index, walks deep pages, and has no counters.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db/database.ts";
import type { WordField } from "../db/textSearch.ts";
import { createTestStore, TEST_DATABASE_URL, type TestStore } from "../test/engines.ts";
import { buildChatMessage, buildMember, buildTicket, cloneTicket } from "../test/factories.ts";
import { foldSearchCounters, foldUpdateDays, foldWordCounts } from "./searchCounters.ts";
import { countTickets, searchTicketPage, type TicketFilter } from "./ticketSearch.ts";

type Db = TestStore["db"];

const FILTER_KEY: Record<WordField, keyof TicketFilter> = {
  subject: "subject",
  description: "description",
  chat: "chatMessage",
};

/** The truth, from the GIN indexes of migration 0019. */
async function matching(db: Db, field: WordField, text: string): Promise<number> {
  const query = sql`plainto_tsquery('simple'::regconfig, ${text})`;
  const { rows } = await (field === "chat"
    ? sql<{ n: string }>`SELECT count(*) AS n FROM ticket_chat_words WHERE words @@ ${query}`
    : sql<{ n: string }>`SELECT count(*) AS n FROM tickets
        WHERE to_tsvector('simple'::regconfig, coalesce(${sql.ref(field)}, '')) @@ ${query}`
  ).execute(db);
  return Number(rows[0]?.n);
}

const QUERIES: [WordField, string][] = [
  ["subject", "quest"],
  ["subject", "Dragon"],
  ["subject", "sword"],
  ["description", "item"],
  ["description", "giver"],
  ["description", "castle"],
  ["chat", "news"],
  ["chat", "refund"],
  ["chat", "castle"],
  ["chat", "dragon"],
  // Several words, and one word cut in several lexemes: counted on the word index.
  ["chat", "refund please"],
  ["description", "ORD-123456"],
];

/** Every query's total, as the search answers it and as the word index says. */
async function totals(db: Db): Promise<{ searched: number[]; truth: number[] }> {
  const searched: number[] = [];
  const truth: number[] = [];
  for (const [field, text] of QUERIES) {
    searched.push(await countTickets(db, "postgres", { [FILTER_KEY[field]]: text } as TicketFilter));
    truth.push(await matching(db, field, text));
  }
  return { searched, truth };
}

describe.skipIf(!TEST_DATABASE_URL)("search counters on postgres", () => {
  let store: TestStore;

  beforeAll(async () => {
    store = await createTestStore("postgres");
  });
  afterAll(async () => {
    await store?.close();
  });

  it("counts every one-word search exactly through inserts, edits, deletions and folds", async () => {
    const member = await buildMember(store);
    const tickets = [];
    for (let i = 0; i < 6; i++) {
      tickets.push(
        await buildTicket(store, {
          member,
          subject: i % 2 ? "Dragon quest broken" : "Lost my sword",
          description: i % 3 ? "The quest giver takes no item. Order ORD-123456" : "Castle gate stuck",
        }),
      );
    }
    const [a, b, c, d] = tickets as [
      (typeof tickets)[0],
      (typeof tickets)[0],
      (typeof tickets)[0],
      (typeof tickets)[0],
    ];
    const line = await buildChatMessage(store, a, { message: "Any news? I want a refund please" });
    await buildChatMessage(store, a, { message: "news again" });
    await buildChatMessage(store, b, { message: "The castle dragon ate my refund" });
    let now = await totals(store.db);
    expect(now.searched).toEqual(now.truth);
    expect(now.truth[0]).toBe(3);

    expect(await foldWordCounts(store.db)).toBeGreaterThan(0);
    expect(await foldWordCounts(store.db)).toBe(0);
    // The one-word totals come from the counters: a counter set wrong shows in the answer.
    await sql`UPDATE word_counts SET n = n + 100 WHERE field = 'subject' AND word = 'quest'`.execute(store.db);
    expect(await countTickets(store.db, "postgres", { subject: "Quest" })).toBe(103);
    await sql`UPDATE word_counts SET n = n - 100 WHERE field = 'subject' AND word = 'quest'`.execute(store.db);
    now = await totals(store.db);
    expect(now.searched).toEqual(now.truth);

    await store.db.updateTable("tickets").set({ subject: "Sword of the dragon" }).where("id", "=", c.id).execute();
    await store.db.updateTable("tickets").set({ description: "A castle of sand" }).where("id", "=", d.id).execute();
    // An edit and a deletion rebuild the chat's words: "refund" leaves ticket a, "news" stays.
    await store.db.updateTable("chat_messages").set({ message: "Any news?" }).where("id", "=", line.id).execute();
    await store.db.updateTable("chat_messages").set({ deleted: 1 }).where("ticket_id", "=", b.id).execute();
    await store.db
      .deleteFrom("tickets")
      .where("id", "=", (tickets[5] as typeof a).id)
      .execute();
    now = await totals(store.db);
    expect(now.searched).toEqual(now.truth);
    expect(now.truth[7]).toBe(0);
    await foldWordCounts(store.db);
    now = await totals(store.db);
    expect(now.searched).toEqual(now.truth);
  });

  it("stays exact with many lines written and folds on two connections at once", async () => {
    const member = await buildMember(store);
    const tickets = [];
    for (let i = 0; i < 8; i++) tickets.push(await buildTicket(store, { member, subject: `Quest ${i}` }));
    const other = openDatabase(store.openOptions) as { db: Db; close(): Promise<void> };
    try {
      const writes = tickets.flatMap((ticket, i) =>
        ["news", "refund castle", "dragon news", `castle ${i}`].map((message) =>
          buildChatMessage(store, ticket, { message }),
        ),
      );
      const folds = Array.from({ length: 6 }, (_, i) => foldWordCounts(i % 2 ? store.db : other.db));
      await Promise.all([...writes, ...folds]);
      await Promise.all([foldWordCounts(store.db), foldWordCounts(other.db)]);
      const now = await totals(store.db);
      expect(now.searched).toEqual(now.truth);
    } finally {
      await other.close();
    }
  });

  it("pages deep into the whole list by last update as a plain OFFSET does", async () => {
    const template = await buildTicket(store, { member: await buildMember(store) });
    const base = template.created_at + 1;
    const DAY = 86_400;
    // 2,500 tickets updated over 20 days, some in the same second.
    await cloneTicket(store, template, 2500, {
      created_at: sql`${base} + g`,
      last_updated: sql`${base} + (g * 7919) % (20 * ${DAY}) - (g % 3)`,
    });
    await foldSearchCounters(store.db);

    const plain = async (offset: number, limit: number, order: "asc" | "desc") =>
      (
        await store.db
          .selectFrom("tickets")
          .select("id")
          .orderBy("last_updated", order)
          .orderBy("id", order)
          .offset(offset)
          .limit(limit)
          .execute()
      ).map((r) => r.id);
    const total = Number(
      (
        await store.db
          .selectFrom("tickets")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const check = async () => {
      for (const order of ["desc", "asc"] as const) {
        for (const [offset, limit] of [
          [2_000, 10],
          [2_007, 100],
          [total - 10, 10],
          [total - 3, 10],
          [total, 10],
          [total + 500, 10],
        ] as const) {
          const page = await searchTicketPage(
            store.db,
            "postgres",
            {},
            { sortBy: "lastUpdated", order },
            { offset, limit },
          );
          expect(
            page.map((t) => t.id),
            `${order} ${offset}`,
          ).toEqual(await plain(offset, limit, order));
        }
      }
    };
    await check();
    // Tickets move to other days (and within their day), some leave, some come: deltas, then a fold.
    await sql`UPDATE tickets SET last_updated = last_updated + ${3 * DAY} WHERE id % 7 = 0`.execute(store.db);
    await sql`UPDATE tickets SET last_updated = last_updated + 1 WHERE id % 11 = 0`.execute(store.db);
    await sql`DELETE FROM tickets WHERE id % 13 = 0 AND id <> ${template.id}`.execute(store.db);
    await check();
    expect(await foldUpdateDays(store.db)).toBeGreaterThan(0);
    await check();
    // The deep page reads the day counts: one count set wrong moves the page.
    await sql`UPDATE ticket_update_days SET n = n + 3 WHERE day = (SELECT max(day) FROM ticket_update_days)`.execute(
      store.db,
    );
    const page = await searchTicketPage(
      store.db,
      "postgres",
      {},
      { sortBy: "lastUpdated", order: "desc" },
      { offset: 2_000, limit: 10 },
    );
    expect(page.map((t) => t.id)).not.toEqual(await plain(2_000, 10, "desc"));
  });
});
