/**
 * The SQLite WAL checkpoints, off the main thread (walCheckpoints.ts): a connection of its own
 * copies committed pages from the WAL into the database file every `everyMs`. PASSIVE: it never
 * waits for, nor blocks, the main connection's readers and writer.
 */
import { workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

const { file, everyMs } = workerData as { file: string; everyMs: number };
const db = new SQLite(file);
db.pragma("busy_timeout = 1000");
setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Ends this thread: the main connection takes the checkpoints back (walCheckpoints.ts).
    process.exit(1);
  }
}, everyMs);
