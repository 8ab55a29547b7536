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
 *
 * The RESTART takes the write turn first (`turn`, shared with every use of the main thread's
 * connection, sqliteDriver.ts), so a request waits for it with the event loop free instead of
 * sleeping in SQLite's busy handler or failing.
 */
import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import { STATE_SLOT, TURN_FREE, TURN_RESTARTING, TURN_WRITING, WANTED_SLOT } from "./walCheckpoints.ts";

const { file, everyMs, restartFrames, turn } = workerData as {
  file: string;
  everyMs: number;
  restartFrames: number;
  turn: SharedArrayBuffer;
};
const cell = new Int32Array(turn);
const db = new SQLite(file);
/** The WAL's length when the last RESTART went through: until a write starts it anew, it stays. */
let restartedAt = -1;

/** Holds the main connection off for the RESTART; waits up to `waitMs` for its use under way. */
function restart(frames: number, waitMs: number): void {
  const deadline = performance.now() + waitMs;
  // Wanted: the main thread starts no new query, so a busy connection cannot keep the turn from this.
  Atomics.store(cell, WANTED_SLOT, 1);
  while (Atomics.compareExchange(cell, STATE_SLOT, TURN_FREE, TURN_RESTARTING) !== TURN_FREE) {
    const left = deadline - performance.now();
    if (left <= 0) {
      Atomics.store(cell, WANTED_SLOT, 0);
      Atomics.notify(cell, STATE_SLOT);
      return; // a later pass tries again
    }
    Atomics.wait(cell, STATE_SLOT, TURN_WRITING, left);
  }
  Atomics.store(cell, WANTED_SLOT, 0);
  try {
    // The main connection is held off; another program's write is waited for up to `waitMs`.
    db.pragma(`busy_timeout = ${waitMs}`);
    const [result] = db.pragma("wal_checkpoint(RESTART)") as { busy: number }[];
    if (result?.busy === 0) {
      restartedAt = frames;
      parentPort?.postMessage("restarted");
    }
  } finally {
    Atomics.store(cell, STATE_SLOT, TURN_FREE);
    Atomics.notify(cell, STATE_SLOT);
  }
}

const passes = setInterval(() => {
  try {
    const [passive] = db.pragma("wal_checkpoint(PASSIVE)") as { log: number }[];
    const frames = passive?.log ?? 0;
    // Past four times the bound it waits up to a second: one longer pause rather than a WAL
    // without end. No write since the last RESTART: nothing to start anew.
    if (frames > restartFrames && frames !== restartedAt) restart(frames, frames > 4 * restartFrames ? 1000 : 20);
  } catch {
    // Ends this thread: the main connection takes the checkpoints back (walCheckpoints.ts).
    process.exit(1);
  }
}, everyMs);

// Asked to stop: the thread closes its connection and ends by itself. Terminated from outside
// instead, a thread still loading better-sqlite3 (a store closed right after it opened) aborted
// the whole process inside the addon's registration.
parentPort?.on("message", (message: unknown) => {
  if (message !== "stop") return;
  clearInterval(passes);
  db.close();
  parentPort?.close();
});
