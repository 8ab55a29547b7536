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
 * - **No added wait when quiet**: a job that finds a lane idle starts a group of one at once; groups
 *   grow only while the database is busy with the previous one.
 * - **Lanes**: SQLite has one connection, so one lane. PostgreSQL gets a few lanes, each group on a
 *   pooled connection of its own; a job goes to the lane of its key (the ticket), so two groups
 *   never hold locks on the same ticket's rows and cannot deadlock each other over them.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { DataStore } from "./database.ts";
import type { Database } from "./schema.ts";

/** Concurrent groups on PostgreSQL (the pool holds 10 connections: the rest serve everything else). */
export const POSTGRES_LANES = 4;
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
      if (!this.#writing) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#writing = true;
    try {
      while (this.#queue.length) {
        const group = this.#queue.splice(0, MAX_GROUP);
        const outcomes = await this.#write(group);
        for (const [i, job] of group.entries()) {
          const outcome = outcomes[i]!;
          if (outcome.ok) job.resolve(outcome.value);
          else job.reject(outcome.error);
        }
      }
    } finally {
      this.#writing = false;
    }
  }

  /** Runs the group's jobs one after the other in one transaction; answers each one's outcome. */
  async #write(group: Job[]): Promise<Outcome[]> {
    if (group.length === 1) {
      // Alone: a plain transaction, without the savepoint's two extra statements.
      try {
        return [{ ok: true, value: await this.#db.transaction().execute(group[0]!.work) }];
      } catch (error) {
        return [{ ok: false, error }];
      }
    }
    const outcomes: Outcome[] = [];
    try {
      await this.#db.transaction().execute(async (trx) => {
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
      return group.map(() => ({ ok: false, error }));
    }
    return outcomes;
  }
}

const lanesOf = new WeakMap<Kysely<Database>, Lane[]>();

/**
 * Runs `work` in a transaction shared with the other writes queued on the same lane, and settles
 * once that transaction has committed. `key` picks the lane (rows of one key stay on one lane).
 * `work` must touch the database through `trx` only, and may be undone alone (savepoint), so it
 * must not have effects outside the database before the commit.
 */
export function groupedCommit<T>(store: DataStore, key: number, work: Work<T>): Promise<T> {
  let lanes = lanesOf.get(store.db);
  if (!lanes) {
    const count = store.engine === "postgres" ? POSTGRES_LANES : 1;
    lanes = Array.from({ length: count }, () => new Lane(store.db));
    lanesOf.set(store.db, lanes);
  }
  return lanes[Math.abs(key) % lanes.length]!.run(work);
}
