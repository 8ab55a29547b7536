/**
 * SQLite's WAL checkpoints on a thread of their own (issue 10, the chat path). By default the
 * connection that commits runs a checkpoint whenever the WAL passes 1,000 pages: at 1,000 chat
 * messages a second that was a 10 ms stall every few dozen commits, on the thread that serves
 * every request and socket, and the chat's p99 was made of them. Here the main connection never
 * checkpoints (`wal_autocheckpoint = 0`); a worker thread with a connection of its own runs a
 * PASSIVE checkpoint every CHECKPOINT_EVERY_MS, and starts the WAL anew once it passes
 * WAL_RESTART_FRAMES (under steady writes SQLite would not by itself). Durability is unchanged
 * (synchronous = NORMAL either way: a checkpoint syncs the WAL before it copies). Should the worker
 * fail or stop, the main connection takes its checkpoints back, so the WAL never grows without end.
 */
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

export const CHECKPOINT_EVERY_MS = 100;
/** Past this many WAL frames (64 MB of 4 KB pages) the WAL is started anew (walCheckpointWorker.ts). */
export const WAL_RESTART_FRAMES = 16_384;
/** SQLite's own default, restored should the worker go. */
const AUTO_CHECKPOINT_PAGES = 1000;

export interface WalCheckpoints {
  stop(): Promise<void>;
}

export function checkpointInBackground(
  sqlite: SQLite.Database,
  file: string,
  restartFrames = WAL_RESTART_FRAMES,
): WalCheckpoints {
  sqlite.pragma("wal_autocheckpoint = 0");
  let stopping = false;
  const worker = new Worker(new URL("./walCheckpointWorker.ts", import.meta.url), {
    workerData: { file, everyMs: CHECKPOINT_EVERY_MS, restartFrames },
  });
  // A thread that only keeps a timer must not keep the process alive.
  worker.unref();
  const takeBack = () => {
    if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
  };
  worker.on("error", takeBack);
  worker.on("exit", takeBack);
  return {
    async stop() {
      stopping = true;
      await worker.terminate();
    },
  };
}
