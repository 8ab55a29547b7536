/**
 * SQLite's checkpoints run on a thread of their own: the committing connection never runs one,
 * the worker copies the WAL into the database file, and should the worker go, the main connection
 * takes the checkpoints back.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { groupedCommit } from "./commitGroup.ts";
import { type DataStore, openDatabase } from "./database.ts";
import type { Database } from "./schema.ts";
import { SingleWriterSqliteDialect } from "./sqliteDriver.ts";
import {
  checkpointInBackground,
  STATE_SLOT,
  TURN_FREE,
  TURN_RESTARTING,
  TURN_WRITING,
  WANTED_SLOT,
  writeTurn,
} from "./walCheckpoints.ts";

/** SQLite writes a new salt into the WAL's header each time it starts the WAL anew. */
function walSalt(file: string): number {
  const header = Buffer.alloc(20);
  const fd = openSync(`${file}-wal`, "r");
  try {
    readSync(fd, header, 0, 20, 0);
  } finally {
    closeSync(fd);
  }
  return header.readUInt32BE(16);
}

const turnOfLoop = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("WAL checkpoints in the background (SQLite)", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "helpdesk-wal-"));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("leaves the committing connection without checkpoints and copies the WAL into the file", async () => {
    const store = openDatabase({ dataDir });
    try {
      const pages = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(store.db);
      expect(pages.rows[0]?.wal_autocheckpoint).toBe(0);
      await sql`create table filler (id integer primary key, text text)`.execute(store.db);
      const file = path.join(dataDir, "helpdesk.sqlite");
      const before = statSync(file).size;
      // About 2 MB over many commits: the WAL holds them until a checkpoint copies them over.
      for (let i = 0; i < 40; i++) {
        await store.db.transaction().execute(async (trx) => {
          for (let j = 0; j < 10; j++) await sql`insert into filler (text) values (${"x".repeat(5000)})`.execute(trx);
        });
      }
      await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(before + 1_500_000), {
        timeout: 5_000,
        interval: 50,
      });
    } finally {
      await store.close();
    }
  });

  it("starts the WAL anew under steady writes, which SQLite alone would let grow without end", async () => {
    const file = path.join(dataDir, "steady.sqlite");
    const main = new SQLite(file);
    main.pragma("journal_mode = WAL");
    main.pragma("busy_timeout = 5000");
    // A bound of 100 frames (400 kB): the writes below add about 3 frames each, 6,000 in all.
    const checkpoints = checkpointInBackground(main, file, { restartFrames: 100 });
    try {
      main.exec("create table filler (id integer primary key, text text)");
      const insert = main.prepare("insert into filler (text) values (?)");
      const salts = new Set<number>();
      // At least 2,000 commits, and on a loaded machine (the worker's passes late) until the WAL has
      // been started anew three times, up to 6,000.
      for (let i = 0; i < 6000 && (i < 2000 || salts.size < 3); i++) {
        insert.run("x".repeat(5000));
        salts.add(walSalt(file));
        // As a server's writes are: one commit now and then, the event loop turning in between.
        if (i % 4 === 0) await turnOfLoop(1);
      }
      // Started anew again and again; unbounded, the WAL would hold every one of those frames
      // (25 MB and more). Its high-water mark depends on how soon the worker's first pass comes.
      expect(salts.size).toBeGreaterThanOrEqual(3);
      expect(statSync(`${file}-wal`).size).toBeLessThan(15_000_000);
    } finally {
      await checkpoints.stop();
      main.close();
    }
  });

  it("keeps the commit lane out of a RESTART's way, and the RESTARTs come while the lane is never idle", async () => {
    const file = path.join(dataDir, "lane.sqlite");
    const main = new SQLite(file);
    main.pragma("journal_mode = WAL");
    // No busy wait at all, and no tries again: a group that met a RESTART holding the writer would
    // fail at once (without the write turn, about 1,200 of these jobs do, with SQLITE_BUSY).
    main.pragma("busy_timeout = 0");
    const checkpoints = checkpointInBackground(main, file, { restartFrames: 100 });
    const db = new Kysely<Database>({
      dialect: new SingleWriterSqliteDialect(
        { database: main },
        { turn: checkpoints.turn, sqlite: main, lockWaitMs: 0 },
      ),
    });
    const store: DataStore = {
      db,
      engine: "sqlite",
      close: async () => {},
      withoutQueryTimeout: (work) => work(),
    };
    try {
      await sql`create table filler (id integer primary key, text text)`.execute(db);
      const salts = new Set<number>();
      const failed: unknown[] = [];
      // A lane that is never idle: each job queues its successor while its group is being
      // written, so the queue is never empty when a group commits; 20 such chains for 800 ms, and
      // on a loaded machine (the worker's passes late) until three RESTARTs came, up to 10 s.
      const started = performance.now();
      const going = () => {
        const elapsed = performance.now() - started;
        return elapsed < 800 || (salts.size < 3 && elapsed < 10_000);
      };
      const queued: Promise<unknown>[] = [];
      const chain = (): Promise<unknown> =>
        groupedCommit(store, async (trx) => {
          await sql`insert into filler (text) values (${"x".repeat(5000)})`.execute(trx);
          if (going()) queued.push(chain());
          salts.add(walSalt(file));
        }).catch((error: unknown) => failed.push(error));
      for (let i = 0; i < 20; i++) queued.push(chain());
      while (queued.length) await queued.shift();
      expect(failed).toEqual([]);
      // A pass every 100 ms past the bound: the RESTARTs got the turn between the lane's groups.
      expect(salts.size).toBeGreaterThanOrEqual(3);
    } finally {
      await checkpoints.stop();
      await db.destroy();
    }
  });

  it("makes the lane wait for a RESTART under way or waiting, with the event loop free", async () => {
    const cell = new Int32Array(new SharedArrayBuffer(8));
    const turn = writeTurn(cell);
    let ticks = 0;
    const ticking = setInterval(() => ticks++, 1);
    try {
      // A RESTART under way: the lane waits, timers go on.
      Atomics.store(cell, STATE_SLOT, TURN_RESTARTING);
      let taken = false;
      const taking = turn.take().then(() => (taken = true));
      await turnOfLoop(30);
      expect(taken).toBe(false);
      // The timers fired meanwhile (how often depends on the machine's load).
      expect(ticks).toBeGreaterThan(0);
      Atomics.store(cell, STATE_SLOT, TURN_FREE);
      Atomics.notify(cell, STATE_SLOT);
      await taking;
      expect(Atomics.load(cell, STATE_SLOT)).toBe(TURN_WRITING);
      turn.give();
      expect(Atomics.load(cell, STATE_SLOT)).toBe(TURN_FREE);

      // A RESTART waiting for the turn: the lane starts no new group until it has been.
      Atomics.store(cell, WANTED_SLOT, 1);
      let next = false;
      const nextTaking = turn.take().then(() => (next = true));
      await turnOfLoop(20);
      expect(next).toBe(false);
      Atomics.store(cell, WANTED_SLOT, 0);
      await nextTaking;
      expect(Atomics.load(cell, STATE_SLOT)).toBe(TURN_WRITING);
      turn.give();
    } finally {
      clearInterval(ticking);
    }
  });

  it("ends its thread cleanly when the store closes at once, even before the thread has loaded", async () => {
    // Asked to stop, never terminated while loading better-sqlite3: terminated so, under load, a
    // thread once aborted a whole test process. A race, so this only tries it twenty times.
    for (let i = 0; i < 20; i++) {
      const store = openDatabase({ dataDir, sqliteFile: `brief-${i}.sqlite` });
      await store.close();
    }
    const store = openDatabase({ dataDir, sqliteFile: "after.sqlite" });
    try {
      await sql`select 1`.execute(store.db);
    } finally {
      await store.close();
    }
  });

  it("gives the checkpoints back to the main connection when the worker cannot go on", async () => {
    const main = new SQLite(":memory:");
    try {
      // A file the worker cannot open: it fails at once.
      const checkpoints = checkpointInBackground(main, path.join(dataDir, "missing", "nowhere.sqlite"));
      await vi.waitFor(() => expect(main.pragma("wal_autocheckpoint", { simple: true })).toBe(1000), {
        timeout: 5_000,
        interval: 20,
      });
      await checkpoints.stop();
    } finally {
      main.close();
    }
  });
});
