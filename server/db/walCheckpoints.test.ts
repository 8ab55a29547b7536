/**
 * SQLite's checkpoints run on a thread of their own: the committing connection never runs one,
 * the worker copies the WAL into the database file, and should the worker go, the main connection
 * takes the checkpoints back.
 */
import { mkdtempSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "./database.ts";
import { checkpointInBackground } from "./walCheckpoints.ts";

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
    const checkpoints = checkpointInBackground(main, file, 100);
    try {
      main.exec("create table filler (id integer primary key, text text)");
      const insert = main.prepare("insert into filler (text) values (?)");
      for (let i = 0; i < 2000; i++) {
        insert.run("x".repeat(5000));
        // As a server's writes are: one commit now and then, the event loop turning in between.
        if (i % 4 === 0) await new Promise((resolve) => setTimeout(resolve, 1));
      }
      // Unbounded, the WAL would hold every one of those frames: about 25 MB.
      expect(statSync(`${file}-wal`).size).toBeLessThan(8_000_000);
    } finally {
      await checkpoints.stop();
      main.close();
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
