/**
 * Grouped commits: writes queued while a group is being written share one transaction, each job
 * fails alone, and a job settles only once its rows are committed. On both engines.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildMember } from "../test/factories.ts";
import { groupedCommit } from "./commitGroup.ts";

describe.each(ENGINES)("groupedCommit (%s)", (engine) => {
  let store: TestStore;
  let userId: number;
  beforeAll(async () => {
    store = await createTestStore(engine);
    userId = (await buildMember(store)).id;
  });
  afterAll(() => store.close());

  const insertSession = (id: string) =>
    groupedCommit(store, async (trx) => {
      await trx
        .insertInto("sessions")
        .values({ id, user_id: userId, kind: "user", created_at: 1, last_seen_at: 1, expires_at: 2 })
        .execute();
      return id;
    });

  const stored = async (ids: string[]) =>
    (await store.db.selectFrom("sessions").select("id").where("id", "in", ids).orderBy("id").execute()).map(
      (r) => r.id,
    );

  it("commits jobs queued together, failing only the job that failed", async () => {
    const ids = Array.from({ length: 8 }, (_, i) => `group-a-${i}`);
    const refusal = new Error("refused");
    const outcomes = await Promise.allSettled([
      ...ids.slice(0, 4).map(insertSession),
      // Writes, then refuses: its row must be undone while the others' stay.
      groupedCommit(store, async (trx) => {
        await trx
          .insertInto("sessions")
          .values({
            id: "group-a-refused",
            user_id: userId,
            kind: "user",
            created_at: 1,
            last_seen_at: 1,
            expires_at: 2,
          })
          .execute();
        throw refusal;
      }),
      // A statement the database refuses (the same primary key again) fails that job alone too.
      insertSession("group-a-0"),
      ...ids.slice(4).map(insertSession),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      ...Array(4).fill("fulfilled"),
      "rejected",
      "rejected",
      ...Array(4).fill("fulfilled"),
    ]);
    expect((outcomes[4] as PromiseRejectedResult).reason).toBe(refusal);
    expect(await stored([...ids, "group-a-refused"])).toEqual(ids);
  });

  it("settles a job only after its rows are committed", async () => {
    const seenOutside = await Promise.all(
      ["group-b-0", "group-b-1", "group-b-2"].map(async (id) => {
        await insertSession(id);
        // Read outside the transaction: on PostgreSQL another pooled connection, which sees
        // committed rows only.
        return (await stored([id])).length;
      }),
    );
    expect(seenOutside).toEqual([1, 1, 1]);
  });

  // SQLite only: its one connection is what a group waits for.
  if (engine === "sqlite")
    it("takes into a group the jobs queued while it waited for the connection", async () => {
      // A second connection to the same file sees only what has been committed.
      const outside = new SQLite(path.join(store.dataDir, "helpdesk.sqlite"), { readonly: true });
      const committed = (id: string) =>
        (outside.prepare("select count(*) as n from sessions where id = ?").get(id) as { n: number }).n;
      try {
        let release = () => {};
        // Holds the connection, as the previous group or a read would.
        const held = store.db.transaction().execute(() => new Promise<void>((resolve) => (release = resolve)));
        const first = insertSession("group-c-0");
        // The lane is now waiting for the connection with one job queued; another comes.
        await new Promise((resolve) => setImmediate(resolve));
        const second = groupedCommit(store, async (trx) => {
          await trx
            .insertInto("sessions")
            .values({ id: "group-c-1", user_id: userId, kind: "user", created_at: 1, last_seen_at: 1, expires_at: 2 })
            .execute();
          return committed("group-c-0");
        });
        release();
        await held;
        // Written in the first job's transaction, before its commit: one group.
        expect(await second).toBe(0);
        expect(await first).toBe("group-c-0");
        expect(committed("group-c-0") + committed("group-c-1")).toBe(2);
      } finally {
        outside.close();
      }
    });

  // PostgreSQL only (SQLite groups them: the first test): registered for that engine alone.
  if (engine === "postgres")
    it("gives each job a transaction of its own on PostgreSQL", async () => {
      const txid = () =>
        groupedCommit(store, async (trx) => {
          const { rows } = await sql<{ id: string }>`select txid_current()::text as id`.execute(trx);
          return rows[0]!.id;
        });
      const ids = await Promise.all(Array.from({ length: 6 }, txid));
      expect(new Set(ids).size).toBe(6);
    });
});
