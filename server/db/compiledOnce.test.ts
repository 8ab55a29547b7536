/**
 * Statements compiled once: the same rows as the query built anew, one compiled statement per
 * shape (which values are given), inside transactions as outside, on both engines.
 */
import { type Kysely, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildMember, buildTicket } from "../test/factories.ts";
import { compiledOnce } from "./compiledOnce.ts";
import { openDatabase } from "./database.ts";

describe.each(ENGINES)("compiledOnce (%s)", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(() => store.close());

  const ticketsOf = compiledOnce((db, { userId, status }: { userId: number; status?: TicketStatus }) => {
    const query = db.selectFrom("tickets").select(["id", "status"]).where("user_id", "=", userId).orderBy("id");
    return status === undefined ? query : query.where("status", "=", status);
  });

  it("answers what the query built anew answers, for each set of values and each shape", async () => {
    const members = [await buildMember(store), await buildMember(store)];
    for (const member of members) {
      await buildTicket(store, { member, status: "NEW TICKET" });
      await buildTicket(store, { member, status: "REPLIED" });
    }
    for (const member of members) {
      const anew = await store.db
        .selectFrom("tickets")
        .select(["id", "status"])
        .where("user_id", "=", member.id)
        .orderBy("id")
        .execute();
      expect((await ticketsOf(store.db, { userId: member.id })).rows).toEqual(anew);
      // Another shape: the status filter is there only when a status is given.
      expect((await ticketsOf(store.db, { userId: member.id, status: "REPLIED" })).rows).toEqual(
        anew.filter((t) => t.status === "REPLIED"),
      );
      expect((await ticketsOf(store.db, { userId: member.id, status: undefined })).rows).toEqual(anew);
    }
  });

  it("writes inside a transaction, seen there and undone with it", async () => {
    const rename = compiledOnce((db, { id, name }: { id: number; name: string }) =>
      db.updateTable("users").set({ name }).where("id", "=", id),
    );
    const member = await buildMember(store);
    const failed = store.db.transaction().execute(async (trx) => {
      const changed = await rename(trx, { id: member.id, name: "Renamed" });
      expect(Number(changed.numAffectedRows)).toBe(1);
      const inside = await trx.selectFrom("users").select("name").where("id", "=", member.id).executeTakeFirst();
      expect(inside?.name).toBe("Renamed");
      throw new Error("undo");
    });
    await expect(failed).rejects.toThrow("undo");
    const after = await store.db.selectFrom("users").select("name").where("id", "=", member.id).executeTakeFirst();
    expect(after?.name).toBe(member.name);
    expect(Number((await rename(store.db, { id: member.id, name: "Kept" })).numAffectedRows)).toBe(1);
  });

  // PostgreSQL only: SQLite caches its statements itself (database.ts).
  if (engine === "postgres") {
    it("keeps its statement prepared on the PostgreSQL connection", async () => {
      const member = await buildMember(store);
      await store.db.connection().execute(async (connection) => {
        await ticketsOf(connection, { userId: member.id });
        const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
          connection,
        );
        expect(prepared.rows.map((row) => row.statement)).toContainEqual(expect.stringContaining('from "tickets"'));
      });
    });

    it("prepares nothing when told not to (a pooler that cannot keep prepared statements)", async () => {
      const unprepared = openDatabase({ ...store.openOptions, preparedStatements: false });
      try {
        const member = await buildMember(store);
        await unprepared.db.connection().execute(async (connection) => {
          expect((await ticketsOf(connection, { userId: member.id })).rows).toEqual([]);
          const prepared = await sql<{ n: number }>`select count(*)::int as n from pg_prepared_statements`.execute(
            connection,
          );
          expect(prepared.rows[0]?.n).toBe(0);
        });
      } finally {
        await unprepared.close();
      }
    });

    it("runs a prepared statement unprepared once a migration changed the columns it reads", async () => {
      await sql`create table probe (id integer primary key)`.execute(store.db);
      await sql`insert into probe (id) values (1)`.execute(store.db);
      const probe = compiledOnce((db, { id }: { id: number }) =>
        (db as unknown as Kysely<{ probe: { id: number } }>).selectFrom("probe").selectAll().where("id", "=", id),
      );
      await store.db.connection().execute(async (connection) => {
        expect((await probe(connection, { id: 1 })).rows).toEqual([{ id: 1 }]);
        // Another node's migration, over another connection.
        await sql`alter table probe add column name text default 'added'`.execute(store.db);
        expect((await probe(connection, { id: 1 })).rows).toEqual([{ id: 1, name: "added" }]);
      });
    });
  }

  it("refuses a statement that does not make a parameter of every value, and values that are expressions", async () => {
    const careless = compiledOnce((db, { id }: { id: number; unused: number }) =>
      db.selectFrom("users").select("id").where("id", "=", id),
    );
    await expect(careless(store.db, { id: 1, unused: 2 })).rejects.toThrow("unused did not become parameters");
    // An expression would be built into the SQL once and then bound as a value: refused.
    const rename = compiledOnce((db, { id, name }: { id: number; name: unknown }) =>
      db
        .updateTable("users")
        .set({ name: name as string })
        .where("id", "=", id),
    );
    await expect(rename(store.db, { id: 1, name: sql`upper(name)` })).rejects.toThrow("name is not a plain value");
  });
});
