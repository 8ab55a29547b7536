/**
 * SQLite's WAL checkpoints on a thread of their own. By default the connection that commits runs
 * a checkpoint whenever the WAL passes 1,000 pages: at 1,000 chat messages a second that was a
 * 10 ms stall every few dozen commits, on the thread that serves every request and socket, and the
 * chat's p99 was made of them. Here the main connection never checkpoints
 * (`wal_autocheckpoint = 0`); a worker thread with a connection of its own runs a PASSIVE
 * checkpoint every CHECKPOINT_EVERY_MS, and starts the WAL anew once it passes WAL_RESTART_FRAMES
 * or SQLITE_WAL_MAX_MB (under steady writes SQLite would not by itself). Durability is unchanged
 * (synchronous = NORMAL either way: a checkpoint syncs the WAL before it copies). Should the worker
 * fail or stop, the main connection takes its checkpoints back, so the WAL never grows without end.
 *
 * The RESTART holds SQLite's writer for a few milliseconds. A write that meets it would sleep in
 * SQLite's busy handler, whose steps (1, 2, 5, 10 ms...) stall the whole event loop for longer than
 * the RESTART itself, or fail at once (a transaction that has read before it writes). So every use
 * of the main connection and the RESTART share a write turn (sqliteDriver.ts): a request waits for
 * a RESTART under way asynchronously, the sockets go on, and the chat messages that come meanwhile
 * join the next group (commitGroup.ts).
 */
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

export const CHECKPOINT_EVERY_MS = 100;
/** Past this many WAL frames (64 MB of 4 KB pages) the WAL is started anew (walCheckpointWorker.ts). */
export const WAL_RESTART_FRAMES = 16_384;

/** The frames of a WAL of `megabytes` (SQLITE_WAL_MAX_MB), with SQLite's 4 KB pages. */
export const walFrames = (megabytes: number) => Math.max(1, Math.floor((megabytes * 1024 * 1024) / 4096));

/** SQLite's own default, restored should the worker go. */
const AUTO_CHECKPOINT_PAGES = 1000;

/** The write turn, an Int32Array shared with the worker: the state at STATE_SLOT, one of these. */
export const STATE_SLOT = 0;
export const TURN_FREE = 0;
export const TURN_WRITING = 1;
export const TURN_RESTARTING = 2;
/** 1 while the worker waits for the turn, so that a busy connection lets it in; else 0. */
export const WANTED_SLOT = 1;
/** How long a stop waits for the thread to end by itself before it is terminated. */
const STOP_WAIT_MS = 5000;
/** Past this the connection is used anyway (the driver still waits out SQLITE_BUSY). */
const TURN_WAIT_MS = 2000;

/** The main thread's side of the write turn. */
export interface WriteTurn {
  /** Resolves once no RESTART is under way or waiting, with the turn held until `give`. */
  take(): Promise<void>;
  give(): void;
}

export interface WalCheckpoints {
  turn: WriteTurn;
  /** How many times the WAL was started anew (RESTART checkpoints that went through). */
  restarts(): number;
  stop(): Promise<void>;
}

export function writeTurn(cell: Int32Array): WriteTurn {
  return {
    async take() {
      const until = performance.now() + TURN_WAIT_MS;
      for (;;) {
        const wanted = Atomics.load(cell, WANTED_SLOT) === 1;
        if (!wanted && Atomics.compareExchange(cell, STATE_SLOT, TURN_FREE, TURN_WRITING) === TURN_FREE) return;
        const left = until - performance.now();
        if (left <= 0) return;
        // A RESTART under way: until it ends. Wanted, not yet begun: until the worker takes it,
        // which it does within moments of being woken (or the 1 ms passes and this looks again).
        const state = Atomics.load(cell, STATE_SLOT);
        const wait = Atomics.waitAsync(cell, STATE_SLOT, state, state === TURN_RESTARTING ? left : Math.min(left, 1));
        if (wait.async) await wait.value;
      }
    },
    give() {
      // Only the turn this thread holds: a query that ran past the wait must not free a RESTART's.
      if (Atomics.compareExchange(cell, STATE_SLOT, TURN_WRITING, TURN_FREE) === TURN_WRITING)
        Atomics.notify(cell, STATE_SLOT);
    },
  };
}

export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  {
    everyMs = CHECKPOINT_EVERY_MS,
    restartFrames = WAL_RESTART_FRAMES,
  }: { everyMs?: number; restartFrames?: number } = {},
): WalCheckpoints {
  sqlite.pragma("wal_autocheckpoint = 0");
  let stopping = false;
  const turn = new SharedArrayBuffer(8);
  const cell = new Int32Array(turn);
  const worker = new Worker(new URL("./walCheckpointWorker.ts", import.meta.url), {
    workerData: { file, everyMs, restartFrames, turn },
  });
  // A thread that only keeps a timer must not keep the process alive.
  worker.unref();
  const takeBack = () => {
    // A worker that ended waiting for the turn or mid-RESTART leaves it free.
    Atomics.store(cell, WANTED_SLOT, 0);
    if (Atomics.compareExchange(cell, STATE_SLOT, TURN_RESTARTING, TURN_FREE) === TURN_RESTARTING)
      Atomics.notify(cell, STATE_SLOT);
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  worker.on("error", takeBack);
  worker.on("exit", takeBack);
  let restarts = 0;
  worker.on("message", (message: unknown) => {
    if (message === "restarted") restarts++;
  });
  let exited = false;
  const ended = new Promise<void>((resolve) =>
    worker.once("exit", () => {
      exited = true;
      resolve();
    }),
  );
  return {
    turn: writeTurn(cell),
    restarts: () => restarts,
    async stop() {
      stopping = true;
      // The thread ends by itself once it has read this (walCheckpointWorker.ts): never while it is
      // still loading the native addon. A thread that does not end in time is terminated.
      if (exited) return;
      worker.postMessage("stop");
      const late = setTimeout(() => void worker.terminate(), STOP_WAIT_MS);
      await ended;
      clearTimeout(late);
    },
  };
}
