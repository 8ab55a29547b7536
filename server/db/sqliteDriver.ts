/**
 * The one way into the embedded SQLite file: Kysely's SQLite driver, with every use of the
 * connection inside the write turn that the checkpoint thread shares (walCheckpoints.ts).
 *
 * SQLite has one connection here, and Kysely already lends it to one query or transaction at a
 * time. The other party is the checkpoint thread: a RESTART holds SQLite's writer for a few
 * milliseconds, and a deferred transaction that has read and then wants to write fails at once with
 * SQLITE_BUSY when it meets that, because SQLite calls no busy handler for a connection that
 * already holds a read snapshot. Ticket submissions, sign-ins and every other write outside the
 * chat's lane answered 503 that way under parallel load. So:
 *
 * - **Every use of the connection holds the write turn**, a query as much as a transaction, and
 *   the RESTART runs only between two of them. The turn is taken asynchronously, so a request that
 *   waits for a RESTART leaves the event loop to the others.
 * - **Transactions begin IMMEDIATE**: the writer is taken at BEGIN, where SQLite's busy handler
 *   still works, never halfway through.
 * - **SQLITE_BUSY is waited out**: only another program holding the file (the `sqlite3` shell, a
 *   backup tool) can still cause it. A BEGIN or a statement outside a transaction that meets it
 *   changed nothing and is tried again, with the event loop free between tries, for up to
 *   LOCK_WAIT_MS; only a file held that long answers 503 (availability.ts).
 */
import type SQLite from "better-sqlite3";
import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  SqliteDialect,
  type SqliteDialectConfig,
} from "kysely";
import type { WriteTurn } from "./walCheckpoints.ts";

/** How long a write waits for another program to let go of the file before it fails. */
export const LOCK_WAIT_MS = 30_000;
/** The longest pause between two tries (the first is 1 ms, then doubling). */
const RETRY_STEP_MS = 50;

export function isSqliteBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

export interface SingleWriterOptions {
  /** The turn shared with the checkpoint thread; none for an in-memory database. */
  turn?: WriteTurn | undefined;
  /** The raw connection: whether a transaction is open (no retry inside one). */
  sqlite: Pick<SQLite.Database, "inTransaction">;
  lockWaitMs?: number;
}

/** Runs `attempt` again while it fails with SQLITE_BUSY, waiting between tries, up to `waitMs`. */
async function waitingOutBusy<T>(attempt: () => Promise<T>, waitMs: number): Promise<T> {
  const until = performance.now() + waitMs;
  let pause = 1;
  for (;;) {
    try {
      return await attempt();
    } catch (error) {
      if (!isSqliteBusy(error) || performance.now() + pause > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, pause));
      pause = Math.min(pause * 2, RETRY_STEP_MS);
    }
  }
}

class SingleWriterConnection implements DatabaseConnection {
  readonly #inner: DatabaseConnection;
  readonly #options: SingleWriterOptions;

  constructor(inner: DatabaseConnection, options: SingleWriterOptions) {
    this.#inner = inner;
    this.#options = options;
  }

  executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Inside a transaction the writer is already held (BEGIN IMMEDIATE): nothing to wait for, and
    // a statement of it cannot be tried again alone.
    if (this.#options.sqlite.inTransaction) return this.#inner.executeQuery<R>(query);
    return waitingOutBusy(() => this.#inner.executeQuery<R>(query), this.#options.lockWaitMs ?? LOCK_WAIT_MS);
  }

  streamQuery<R>(query: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<R>> {
    return this.#inner.streamQuery<R>(query, chunkSize);
  }
}

class SingleWriterDriver implements Driver {
  readonly #inner: Driver;
  readonly #options: SingleWriterOptions;
  #connection: SingleWriterConnection | undefined;

  constructor(inner: Driver, options: SingleWriterOptions) {
    this.#inner = inner;
    this.#options = options;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // Kysely lends the one connection to one caller at a time; that caller also holds the turn.
    await this.#options.turn?.take();
    try {
      const inner = await this.#inner.acquireConnection();
      this.#connection ??= new SingleWriterConnection(inner, this.#options);
      return this.#connection;
    } catch (error) {
      this.#options.turn?.give();
      throw error;
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.#inner.releaseConnection(connection);
    } finally {
      this.#options.turn?.give();
    }
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(connection);
  }

  savepoint(...args: Parameters<NonNullable<Driver["savepoint"]>>): Promise<void> {
    return this.#inner.savepoint!(...args);
  }

  rollbackToSavepoint(...args: Parameters<NonNullable<Driver["rollbackToSavepoint"]>>): Promise<void> {
    return this.#inner.rollbackToSavepoint!(...args);
  }

  releaseSavepoint(...args: Parameters<NonNullable<Driver["releaseSavepoint"]>>): Promise<void> {
    return this.#inner.releaseSavepoint!(...args);
  }

  destroy(): Promise<void> {
    return this.#inner.destroy();
  }
}

/** Kysely's SQLite dialect, its driver wrapped as above. */
export class SingleWriterSqliteDialect extends SqliteDialect {
  readonly #options: SingleWriterOptions;

  constructor(config: SqliteDialectConfig, options: SingleWriterOptions) {
    super(config);
    this.#options = options;
  }

  override createDriver(): Driver {
    return new SingleWriterDriver(super.createDriver(), this.#options);
  }
}
