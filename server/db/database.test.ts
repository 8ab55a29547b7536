/**
 * SQLite statements are prepared once per SQL text and reused (Kysely's driver would compile every
 * query again), without changing what any query answers.
 */
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, type TestStore } from "../test/engines.ts";
import { buildMember, buildTicket } from "../test/factories.ts";
import { cachingStatements } from "./database.ts";

describe("cachingStatements", () => {
  it("answers the same statement for the same SQL and evicts the least recently used", () => {
    const raw = new SQLite(":memory:");
    const db = cachingStatements(raw, 2);
    const a = db.prepare("SELECT 1 AS one");
    expect(db.prepare("SELECT 1 AS one")).toBe(a);
    const b = db.prepare("SELECT 2 AS two");
    // A hit moves "SELECT 1" to the back, so the third statement evicts "SELECT 2".
    db.prepare("SELECT 1 AS one");
    db.prepare("SELECT 3 AS three");
    expect(db.cachedStatements).toBe(2);
    expect(db.prepare("SELECT 1 AS one")).toBe(a);
    expect(db.prepare("SELECT 2 AS two")).not.toBe(b);
    db.close();
    expect(raw.open).toBe(false);
  });

  it("prepares a fresh statement while the cached one is still being iterated", () => {
    const db = cachingStatements(new SQLite(":memory:"));
    const query = "SELECT value FROM json_each('[1,2,3]')";
    const outer = db.prepare(query);
    const seen: number[] = [];
    for (const row of outer.iterate() as IterableIterator<{ value: number }>) {
      const inner = db.prepare(query);
      expect(inner).not.toBe(outer);
      seen.push(row.value, (inner.all() as { value: number }[]).length);
    }
    expect(seen).toEqual([1, 3, 2, 3, 3, 3]);
    db.close();
  });
});

describe("the SQLite store with cached statements", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore("sqlite");
  });
  afterAll(async () => {
    await store?.close();
  });

  it("answers reads, writes with RETURNING, transactions and streams as before, again and again", async () => {
    const member = await buildMember(store);
    const first = await buildTicket(store, { member });
    const second = await buildTicket(store, { member });
    for (let i = 0; i < 3; i++) {
      // The same SQL text each round: the second and third rounds run cached statements.
      const updated = await store.db
        .updateTable("tickets")
        .set({ subject: `round ${i}` })
        .where("id", "=", first.id)
        .returning(["id", "subject"])
        .executeTakeFirstOrThrow();
      expect(updated).toEqual({ id: first.id, subject: `round ${i}` });
      const changed = await store.db
        .updateTable("tickets")
        .set({ subject: `plain ${i}` })
        .where("id", "=", second.id)
        .executeTakeFirst();
      expect(changed.numUpdatedRows).toBe(1n);
      const rolledBack = store.db.transaction().execute(async (trx) => {
        await trx.updateTable("tickets").set({ subject: "never" }).where("user_id", "=", member.id).execute();
        throw new Error("roll back");
      });
      await expect(rolledBack).rejects.toThrow("roll back");
      const ids: number[] = [];
      for await (const row of store.db
        .selectFrom("tickets")
        .select("id")
        .where("user_id", "=", member.id)
        .orderBy("id")
        .stream()) {
        ids.push(row.id);
      }
      expect(ids).toEqual([first.id, second.id]);
      const subjects = await sql<{
        subject: string;
      }>`SELECT subject FROM tickets WHERE user_id = ${member.id} ORDER BY id`.execute(store.db);
      expect(subjects.rows.map((r) => r.subject)).toEqual([`round ${i}`, `plain ${i}`]);
    }
  });
});
