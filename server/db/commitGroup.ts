/**
 * Grouped commits for the chat hot path: writes that arrive while an earlier group is being
 * written wait, then go to the database together in one transaction, each in a savepoint of its
 * own. A commit is the dearest part of a small write (SQLite writes every touched page of the
 * tickets table and its many indexes to the WAL; PostgreSQL flushes its WAL), so N messages in one
 * commit cost far less than N commits.
 *
 * - **Write before announce holds**: a job's promise settles only after the group's commit, so
 *   its caller acknowledges and fans out a message that is stored.
 * - **One job failing fails alone**: its savepoint is rolled back and the others commit. A failing
 *   commit (the database went away) fails every job of its group with that error.
 * - **One turn of the event loop, no timer**: a job that finds a lane idle starts its group on the
 *   loop's next turn (`setImmediate`), after the socket packets already read in this one, so the
 *   messages of one burst share a commit (better-sqlite3 gives the loop no turn during a group, so
 *   before this every group was of one). Quiet, the wait is a few microseconds.
 * - **Out of a WAL restart's way** (SQLite): like every use of the connection, a group's
 *   transaction holds the write turn (sqliteDriver.ts), so it waits for a RESTART under way
 *   without blocking the event loop. With both, the chat bench's p99 at 1,000 msg/s went from
 *   53–100 ms to 5–8 ms (docs/decisions/performance.md).
 * - **SQLite only**: SQLite has one connection and one writer at a time, so one lane serves it and
 *   no two writers can deadlock. On PostgreSQL every job is its own transaction, as before: a group
 *   would hold several tickets' row locks at once and could deadlock with a writer that locks two
 *   tickets in the other order (dispersal, the sweeps), failing every message of the group, and it
 *   would keep pooled connections busy; the chat bench showed no gain there to pay for that.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { DataStore } from "./database.ts";
import type { Database } from "./schema.ts";

/** A bound on one group, so that one commit never holds the (SQLite) connection for long. */
export const MAX_GROUP = 64;

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Job {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

class Lane {
  readonly #db: Kysely<Database>;
  #queue: Job[] = [];
  #writing = false;

  constructor(db: Kysely<Database>) {
    this.#db = db;
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.#writing) {
        this.#writing = true;
        setImmediate(() => void this.#drain());
      }
    });
  }

  async #drain(): Promise<void> {
    try {
      while (this.#queue.length) await this.#write();
    } finally {
      this.#writing = false;
    }
  }

  /**
   * Writes one group in one transaction and settles its jobs. The group is taken from the queue
   * only once the transaction holds the connection: the reads queued for it meanwhile (the next
   * messages' ticket checks) have run by then, and their jobs join this group instead of the
   * next one.
   */
  async #write(): Promise<void> {
    let group: Job[] = [];
    const outcomes: Outcome[] = [];
    try {
      await this.#db.transaction().execute(async (trx) => {
        group = this.#queue.splice(0, MAX_GROUP);
        if (group.length === 1) {
          // Alone: no savepoint; a failure rolls the transaction back, which is this job's only.
          outcomes.push({ ok: true, value: await group[0]!.work(trx) });
          return;
        }
        for (const job of group) {
          await sql`savepoint grouped_commit`.execute(trx);
          try {
            outcomes.push({ ok: true, value: await job.work(trx) });
          } catch (error) {
            // A refusal (the ticket closed meanwhile) or a failed statement: undo this job only.
            // Should the rollback itself fail, the connection is gone and the whole group fails.
            await sql`rollback to savepoint grouped_commit`.execute(trx);
            outcomes.push({ ok: false, error });
          }
          await sql`release savepoint grouped_commit`.execute(trx);
        }
      });
    } catch (error) {
      // The commit failed (or the lone job did): every job of the group fails with that error.
      // A transaction that could not even begin took no group yet: the queue's head fails instead.
      if (!group.length) group = this.#queue.splice(0, MAX_GROUP);
      for (const job of group) job.reject(error);
      return;
    }
    for (const [i, job] of group.entries()) {
      const outcome = outcomes[i]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    }
  }
}

const lanes = new WeakMap<Kysely<Database>, Lane>();

/**
 * Runs `work` in a transaction, on SQLite shared with the other writes queued meanwhile, and
 * settles once that transaction has committed. `work` must touch the database through `trx` only,
 * and may be undone alone (savepoint), so it must not have effects outside the database before the
 * commit.
 */
export function groupedCommit<T>(store: DataStore, work: Work<T>): Promise<T> {
  if (store.engine === "postgres") return store.db.transaction().execute(work);
  let lane = lanes.get(store.db);
  if (!lane) {
    lane = new Lane(store.db);
    lanes.set(store.db, lane);
  }
  return lane.run(work);
}
