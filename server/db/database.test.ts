/**
 * SQLite statements are prepared once per SQL text and reused (Kysely's driver would compile every
 * query again), without changing what any query answers.
 */
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, TEST_DATABASE_URL, type TestStore } from "../test/engines.ts";
import { buildMember, buildTicket } from "../test/factories.ts";
import { isDatabaseUnavailable } from "./availability.ts";
import { cachingStatements, type DataStore, openDatabase, QueryTimeoutError } from "./database.ts";

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

// The statement time limit: a PostgreSQL statement unanswered past it fails as the
// database being unavailable, its connection leaves the pool, and the next statement gets a
// working one. Registered on PostgreSQL alone: SQLite has no such limit.
if (TEST_DATABASE_URL) {
  describe("PostgreSQL statement time limit", () => {
    let owner: TestStore;
    let store: DataStore;
    beforeAll(async () => {
      owner = await createTestStore("postgres", { migrate: false });
      store = openDatabase({ ...owner.openOptions, queryTimeoutMs: 300 });
    });
    afterAll(async () => {
      await store?.close();
      await owner?.close();
    });

    it("fails a statement past the limit as unavailable and drops its connection", async () => {
      const pid = async () =>
        (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(store.db)).rows[0]?.pid;
      const before = await pid();
      const failed = await sql`select pg_sleep(5)`.execute(store.db).then(
        () => null,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(QueryTimeoutError);
      expect(isDatabaseUnavailable(failed)).toBe(true);
      // The pool lends a new connection, not the one whose statement is still running.
      const after = await pid();
      expect(after).toEqual(expect.any(Number));
      expect(after).not.toBe(before);
      // PostgreSQL was asked to stop the statement: it no longer runs there.
      const running = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
            where pid = ${before} and state = 'active'`.execute(store.db)
        ).rows[0]?.n;
      await expect.poll(running, { timeout: 1_500 }).toBe(0);
    });

    it("rolls a transaction back when one of its statements runs past the limit", async () => {
      await sql`create table if not exists limit_probe (n int)`.execute(store.db);
      let backend = 0;
      const failed = await store.db
        .transaction()
        .execute(async (trx) => {
          backend = (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx)).rows[0]?.pid ?? 0;
          await sql`insert into limit_probe values (1)`.execute(trx);
          await sql`select pg_sleep(2)`.execute(trx);
        })
        .then(
          () => null,
          (error: unknown) => error,
        );
      expect(isDatabaseUnavailable(failed)).toBe(true);
      // The connection was dropped, so PostgreSQL ends the transaction with its backend: once that
      // is gone, nothing was written.
      expect(backend).toBeGreaterThan(0);
      const alive = async () =>
        (
          await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where pid = ${backend}`.execute(
            store.db,
          )
        ).rows[0]?.n;
      await expect.poll(alive, { timeout: 10_000 }).toBe(0);
      const rows = await sql<{ n: number }>`select count(*)::int as n from limit_probe`.execute(store.db);
      expect(rows.rows[0]?.n).toBe(0);
    });

    it("does not limit the work given to withoutQueryTimeout (the migrations at start)", async () => {
      const slept = await store.withoutQueryTimeout(() => sql`select pg_sleep(0.6) as slept`.execute(store.db));
      expect(slept.rows).toHaveLength(1);
      await expect(sql`select pg_sleep(0.6)`.execute(store.db)).rejects.toBeInstanceOf(QueryTimeoutError);
    });
  });
}
