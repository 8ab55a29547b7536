/**
 * The single-writer SQLite driver: every use of the connection inside the write turn, transactions
 * that take the writer at BEGIN, and SQLITE_BUSY waited out with the event loop free. "Another
 * program" is a second connection to the same file, as the `sqlite3` shell or a backup tool would be.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { type Generated, Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./availability.ts";
import { SingleWriterSqliteDialect } from "./sqliteDriver.ts";
import { STATE_SLOT, TURN_FREE, TURN_RESTARTING, writeTurn } from "./walCheckpoints.ts";

interface Tables {
  items: { id: Generated<number>; n: number };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the single-writer SQLite driver", () => {
  let dataDir: string;
  let file: string;
  let main: SQLite.Database;
  let other: SQLite.Database;
  let cell: Int32Array;
  let db: Kysely<Tables>;

  function open(lockWaitMs?: number): Kysely<Tables> {
    return new Kysely<Tables>({
      dialect: new SingleWriterSqliteDialect(
        { database: main },
        { turn: writeTurn(cell), sqlite: main, ...(lockWaitMs === undefined ? {} : { lockWaitMs }) },
      ),
    });
  }

  beforeEach(() => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "helpdesk-driver-"));
    file = path.join(dataDir, "driver.sqlite");
    main = new SQLite(file);
    main.pragma("journal_mode = WAL");
    main.pragma("busy_timeout = 20");
    main.exec("create table items (id integer primary key, n integer not null)");
    main.exec("insert into items (n) values (1)");
    other = new SQLite(file);
    cell = new Int32Array(new SharedArrayBuffer(8));
    db = open();
  });
  afterEach(async () => {
    await db.destroy();
    other.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** Another program holds SQLite's writer for `ms`. */
  function holdWriter(ms: number): Promise<void> {
    other.exec("begin immediate");
    return pause(ms).then(() => {
      other.exec("commit");
    });
  }

  it("waits for another writer in a transaction that reads before it writes, with the event loop free", async () => {
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 5);
    try {
      const held = holdWriter(150);
      // A deferred transaction would read here, then fail at once with SQLITE_BUSY on its insert:
      // SQLite calls no busy handler for a connection that already holds a read snapshot.
      const written = db.transaction().execute(async (trx) => {
        const { n } = await trx.selectFrom("items").select("n").where("id", "=", 1).executeTakeFirstOrThrow();
        await trx
          .insertInto("items")
          .values({ n: n + 1 })
          .execute();
      });
      await held;
      await written;
      // Timers ran while the transaction waited (how often depends on the machine's load).
      expect(ticks).toBeGreaterThan(0);
      const rows = await db.selectFrom("items").select("n").orderBy("id").execute();
      expect(rows.map((r) => r.n)).toEqual([1, 2]);
    } finally {
      clearInterval(ticking);
    }
  });

  it("tries a statement outside a transaction again until the other writer lets go", async () => {
    const held = holdWriter(120);
    await db.insertInto("items").values({ n: 7 }).execute();
    await held;
    expect((await db.selectFrom("items").select("n").where("n", "=", 7).execute()).length).toBe(1);
  });

  it("fails as unavailable once another program has held the file past the wait", async () => {
    await db.destroy();
    db = open(100);
    other.exec("begin immediate");
    try {
      const error = await db
        .insertInto("items")
        .values({ n: 9 })
        .execute()
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect((error as { code?: string }).code).toMatch(/^SQLITE_BUSY/);
      expect(isDatabaseUnavailable(error)).toBe(true);
      // The failed transaction left nothing behind: the connection serves the next call.
      other.exec("commit");
      await db.insertInto("items").values({ n: 10 }).execute();
    } finally {
      if (other.inTransaction) other.exec("rollback");
    }
  });

  it("runs no query, not even a read, while a WAL restart holds the turn", async () => {
    Atomics.store(cell, STATE_SLOT, TURN_RESTARTING);
    let answered = false;
    const reading = db
      .selectFrom("items")
      .select("n")
      .execute()
      .then(() => (answered = true));
    await pause(30);
    expect(answered).toBe(false);
    Atomics.store(cell, STATE_SLOT, TURN_FREE);
    Atomics.notify(cell, STATE_SLOT);
    await reading;
    // The turn is given back after each use.
    expect(Atomics.load(cell, STATE_SLOT)).toBe(TURN_FREE);
  });

  it("begins every transaction IMMEDIATE: the writer is held from the start, reads included", async () => {
    let inside = false;
    const open = db.transaction().execute(async (trx) => {
      await trx.selectFrom("items").select("n").execute();
      inside = true;
      await pause(40);
    });
    await pause(10);
    expect(inside).toBe(true);
    // Another program cannot write meanwhile: the transaction took the writer at BEGIN.
    other.pragma("busy_timeout = 0");
    expect(() => other.exec("insert into items (n) values (3)")).toThrow(/locked/);
    await open;
    other.exec("insert into items (n) values (3)");
  });
});
