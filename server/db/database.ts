/**
 * The one database handle: Kysely over embedded SQLite (default, a WAL file in DATA_DIR) or over
 * PostgreSQL when DATABASE_URL is set. Engine differences live in dialect.ts, not here.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from "kysely";
import pg from "pg";
import type { Engine } from "./engine.ts";
import { isStalePreparedStatement, preparedName } from "./preparedStatements.ts";
import type { Database } from "./schema.ts";
import { SingleWriterSqliteDialect } from "./sqliteDriver.ts";
import { registerTextFunctions } from "./textSearch.ts";
import { checkpointInBackground } from "./walCheckpoints.ts";

export type { Engine };

/** The embedded database's file name inside DATA_DIR. */
export const SQLITE_FILE = "helpdesk.sqlite";

export interface DataStore {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
  /** PostgreSQL's connection pool use (for /metrics); SQLite has one connection and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number };
  /**
   * Runs `work` with no query timeout (PostgreSQL): the migrations at start, whose index builds on
   * a large database take as long as they take. SQLite has no such timeout.
   */
  withoutQueryTimeout<T>(work: () => Promise<T>): Promise<T>;
  /** SQLite on a file: how many times the checkpoint thread has started the WAL anew. */
  walRestarts?(): number;
}

// PostgreSQL returns int8 (our epoch-second columns and count(*)) as strings; every such value
// here fits in a double, so read them as numbers on both engines.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));

export interface OpenOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** PostgreSQL schema to use (tests give every suite its own). */
  pgSchema?: string;
  /** SQLite file name inside dataDir, or ':memory:'. */
  sqliteFile?: string;
  /** SQLite: how often the WAL is checkpointed, and past how many frames it is started anew. */
  walCheckpoints?: { everyMs?: number; restartFrames?: number };
  /** Told when an idle pooled connection breaks (PostgreSQL restarted); the pool replaces it. */
  onConnectionError?: (error: Error) => void;
  /**
   * PostgreSQL: a statement unanswered this long fails as `database_unavailable` and its connection
   * is dropped (the database or the path to it went silent); 0 = wait forever. Default
   * DEFAULT_QUERY_TIMEOUT_MS.
   */
  queryTimeoutMs?: number;
  /**
   * PostgreSQL: run the statements marked by preparedStatements.ts as named, prepared ones (the
   * default). Off for a connection pooler that cannot keep them (PgBouncer in transaction mode
   * before 1.21, or without max_prepared_statements).
   */
  preparedStatements?: boolean;
}

/** How long a request waits for a PostgreSQL connection before it answers 503 (server/db/availability.ts). */
export const CONNECT_TIMEOUT_MS = 5_000;

/** DATABASE_QUERY_TIMEOUT_MS's default: longer than any query the app makes on a large database. */
export const DEFAULT_QUERY_TIMEOUT_MS = 60_000;

/** The error of a statement PostgreSQL did not answer in time (availability.ts: ETIMEDOUT → 503). */
export class QueryTimeoutError extends Error {
  readonly code = "ETIMEDOUT";
}

/**
 * The pool as Kysely sees it, with a time limit on every statement. A connection whose peer went
 * silent (packets dropped: no reset, no answer, as when a network path fails) otherwise waits on
 * its statement for as long as TCP keeps retrying, about a quarter of an hour on Linux, and with
 * it every request that needs it. Past the limit the statement fails, the connection refuses
 * whatever else its holder sends (a ROLLBACK), and it leaves the pool on release instead of
 * going back to it; the pool opens a new one for the next request. PostgreSQL is also asked to
 * cancel the statement, from a connection of its own: a dropped connection does not stop a
 * statement that is still working (PostgreSQL notices a closed socket only when it next writes),
 * and a slow statement left running holds its locks and a backend for as long as it takes.
 */
function boundedPool(pool: pg.Pool, limit: { ms: number }, preparedStatements: boolean): PostgresPool {
  // One wrapper per pooled connection, as Kysely keeps its own state per client object.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient & { processID?: number }>();
  const wrap = (client: pg.PoolClient) => {
    let broken: QueryTimeoutError | null = null;
    // Prepared statements on this connection, until one is found stale (preparedStatements.ts).
    let prepares = preparedStatements;
    const send = (sqlText: string, values: unknown[]): Promise<pg.QueryResult> => {
      const name = prepares ? preparedName(sqlText) : undefined;
      if (!name) return client.query(sqlText, values);
      return client.query({ name, text: sqlText, values }).catch((error: unknown) => {
        if (!isStalePreparedStatement(error)) throw error;
        // This connection's prepared statements predate a migration: unprepared from now on. Inside
        // a transaction the failure stands (the transaction is aborted); outside, run it again.
        prepares = false;
        return client.query(sqlText, values);
      });
    };
    const query = (sqlText: string, parameters: ReadonlyArray<unknown>): Promise<pg.QueryResult> => {
      if (broken) return Promise.reject(broken);
      const answer = send(sqlText, parameters as unknown[]);
      const ms = limit.ms;
      if (ms <= 0) return answer;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          broken = new QueryTimeoutError(`PostgreSQL did not answer within ${ms} ms`);
          reject(broken);
          void cancelStatement(pool, (client as unknown as { processID?: number }).processID);
        }, ms);
        answer.then(
          (result) => {
            clearTimeout(timer);
            resolve(result);
          },
          (error: unknown) => {
            clearTimeout(timer);
            reject(error);
          },
        );
      });
    };
    return {
      query: query as unknown as PostgresPoolClient["query"],
      // With an error, pg's pool ends the connection and forgets it instead of lending it again.
      release: () => client.release(broken ?? undefined),
      // Kysely reads the backend's pid from here (else it asks PostgreSQL on every new client).
      get processID() {
        return (client as unknown as { processID?: number }).processID;
      },
    };
  };
  return {
    options: pool.options,
    // Kysely's query cancellation opens a control connection of this class.
    Client: (pool as unknown as { Client: PostgresPool["Client"] }).Client,
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}

/**
 * Asks PostgreSQL to cancel whatever the backend `pid` is running, over a short-lived connection
 * of its own (the pool may have none to spare). Best effort: a database that went silent cannot
 * be asked, and then the attempt gives up within the connect timeout.
 */
async function cancelStatement(pool: pg.Pool, pid: number | undefined): Promise<void> {
  if (!pid) return;
  const control = new pg.Client({
    ...pool.options,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    query_timeout: CONNECT_TIMEOUT_MS,
  });
  control.on("error", () => {});
  try {
    await control.connect();
    await control.query("select pg_cancel_backend($1)", [pid]);
  } catch {
    // Nothing more to do: the statement's connection is dropped either way.
  } finally {
    await control.end().catch(() => {});
  }
}

export function openDatabase(options: OpenOptions): DataStore {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    // Without a listener, an idle connection that PostgreSQL drops (a restart, a failover) is an
    // uncaught error that ends the process. The pool discards that connection and opens a new one
    // for the next query, so the node comes back by itself with the database.
    pool.on("error", (error) => options.onConnectionError?.(error));
    // The pool listens only to its idle connections. One that breaks while checked out (a
    // transaction between two statements, a query about to be sent) emits an error nobody
    // listens to, which also ends the process: a sweep under way when PostgreSQL restarted did.
    // Its query fails on its own, and the pool drops the broken connection when it comes back.
    pool.on("connect", (client) => {
      client.on("error", (error) => options.onConnectionError?.(error));
    });
    const limit = { ms: options.queryTimeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS };
    const db = new Kysely<Database>({
      dialect: new PostgresDialect({ pool: boundedPool(pool, limit, options.preparedStatements ?? true) }),
    });
    return {
      db,
      engine: "postgres",
      close: () => db.destroy(),
      poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async withoutQueryTimeout(work) {
        const ms = limit.ms;
        limit.ms = 0;
        try {
          return await work();
        } finally {
          limit.ms = ms;
        }
      },
    };
  }
  const file =
    options.sqliteFile === ":memory:" ? ":memory:" : path.join(options.dataDir, options.sqliteFile ?? SQLITE_FILE);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  // Only another program can hold the file now (sqliteDriver.ts): a short wait in SQLite's busy
  // handler, which blocks the event loop, then tries again with the loop free.
  sqlite.pragma("busy_timeout = 20");
  registerTextFunctions(sqlite);
  // An in-memory database has no WAL to checkpoint.
  const checkpoints = file === ":memory:" ? null : checkpointInBackground(sqlite, file, options.walCheckpoints);
  const db = new Kysely<Database>({
    dialect: new SingleWriterSqliteDialect(
      { database: cachingStatements(sqlite) },
      { turn: checkpoints?.turn, sqlite },
    ),
  });
  return {
    db,
    engine: "sqlite",
    ...(checkpoints ? { walRestarts: checkpoints.restarts } : {}),
    async close() {
      await checkpoints?.stop();
      await db.destroy();
    },
    withoutQueryTimeout: (work) => work(),
  };
}

/** Enough for every distinct query the app sends; a burst of one-off statements evicts the oldest. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and compiling SQL was the top self-time entry
 * of the chat under load. This hands it a database whose prepare() answers a cached statement per
 * SQL text (least recently used out first). better-sqlite3 runs a statement to completion before
 * returning, so one statement is never used twice at once; only a statement still being iterated
 * (Kysely's stream) is busy, and then a fresh one is prepared. better-sqlite3 itself decides
 * whether a statement reads (`reader`), as it does for a fresh one.
 */
export function cachingStatements(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare(sql: string): SQLite.Statement {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Map keeps insertion order: moving a hit to the end keeps the oldest first in line.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
    /** How many statements are cached (for tests). */
    get cachedStatements(): number {
      return cache.size;
    },
  };
}
