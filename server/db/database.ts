/**
 * The one database handle: Kysely over embedded SQLite (default, a WAL file in DATA_DIR) or over
 * PostgreSQL when DATABASE_URL is set. Engine differences live in dialect.ts, not here.
 */
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database } from "./schema.ts";

export type Engine = "sqlite" | "postgres";

export interface DataStore {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
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
}

export function openDatabase(options: OpenOptions): DataStore {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: "postgres", close: () => db.destroy() };
  }
  const file =
    options.sqliteFile === ":memory:"
      ? ":memory:"
      : path.join(options.dataDir, options.sqliteFile ?? "helpdesk.sqlite");
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("synchronous = NORMAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, engine: "sqlite", close: () => db.destroy() };
}
