/**
 * The SQLite WAL checkpoints, off the main thread (walCheckpoints.ts): a connection of its own
 * copies committed pages from the WAL into the database file every `everyMs`. PASSIVE: it never
 * waits for, nor blocks, the main connection's readers and writer.
 *
 * PASSIVE alone would let the WAL grow without end under steady writes: SQLite begins the WAL anew
 * only when a write starts with every frame already copied, and with writes arriving all the time
 * some always are not (one 10 s bench at 1,000 msg/s left a 2.3 GB WAL). So once the WAL holds
 * more than `restartFrames`, right after a PASSIVE pass has copied nearly all of it, a RESTART
 * checkpoint copies the rest with the writer held for that moment (a few milliseconds), and the
 * next write starts the WAL again from its beginning (the file keeps its size and is reused).
 */
import { workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

const { file, everyMs, restartFrames } = workerData as { file: string; everyMs: number; restartFrames: number };
const db = new SQLite(file);
setInterval(() => {
  try {
    const [passive] = db.pragma("wal_checkpoint(PASSIVE)") as { log: number }[];
    const frames = passive?.log ?? 0;
    if (frames > restartFrames) {
      // A RESTART waits this long for the main connection's transaction under way; past it, it
      // stops where it is (as PASSIVE does) and a later pass tries again. Past four times the
      // bound it waits up to a second: one longer pause rather than a WAL without end.
      db.pragma(`busy_timeout = ${frames > 4 * restartFrames ? 1000 : 20}`);
      db.pragma("wal_checkpoint(RESTART)");
    }
  } catch {
    // Ends this thread: the main connection takes the checkpoints back (walCheckpoints.ts).
    process.exit(1);
  }
}, everyMs);
