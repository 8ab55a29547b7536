/**
 * The engines the integration suites run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is
 * set. Every store gets a fresh database: a temporary SQLite file, or a new PostgreSQL schema that
 * is dropped again on close, so suites run in parallel without seeing each other.
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { type DataStore, type Engine, type OpenOptions, openDatabase } from "../db/database.ts";
import { migrateToLatest, SCHEMA_CHANGE_LOCK } from "../db/migrate.ts";
import { RedisRateLimitStore } from "../ratelimit/redisStore.ts";
import { MemoryRateLimitStore, type RateLimitStore } from "../ratelimit/store.ts";

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const ENGINES: Engine[] = TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

/** The rate-limit stores the limit suites run on: memory always, Redis when TEST_REDIS_URL is set. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL;
export type LimitStoreKind = "memory" | "redis";
export const LIMIT_STORES: LimitStoreKind[] = TEST_REDIS_URL ? ["memory", "redis"] : ["memory"];

/** A fresh store of that kind; a Redis one gets its own key prefix so that suites never meet. */
export function createLimitStore(kind: LimitStoreKind, now?: () => number): RateLimitStore {
  if (kind === "memory") return new MemoryRateLimitStore(now);
  if (!TEST_REDIS_URL) throw new Error("TEST_REDIS_URL is not set");
  return new RedisRateLimitStore(TEST_REDIS_URL, { prefix: `hd:test:${randomBytes(6).toString("hex")}:`, now });
}

export interface TestStore extends DataStore {
  dataDir: string;
  /** Options that open the same database again (a second app node, a restarted server). */
  openOptions: { dataDir: string; databaseUrl?: string; pgSchema?: string };
}

export interface TestStoreOptions {
  migrate?: boolean;
  /** SQLite: the checkpoint thread's pace (a suite that forces WAL restarts sets it). */
  walCheckpoints?: OpenOptions["walCheckpoints"];
}

export async function createTestStore(
  engine: Engine,
  { migrate = true, walCheckpoints }: TestStoreOptions = {},
): Promise<TestStore> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "helpdesk-test-"));
  if (engine === "sqlite") {
    const store = openDatabase({ dataDir, ...(walCheckpoints ? { walCheckpoints } : {}) });
    if (migrate) await migrateToLatest(store.db as never, engine);
    return {
      ...store,
      dataDir,
      openOptions: { dataDir },
      close: async () => {
        await store.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  if (!TEST_DATABASE_URL) throw new Error("TEST_DATABASE_URL is not set");
  const schema = `t_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const store = openDatabase({ dataDir, databaseUrl: TEST_DATABASE_URL, pgSchema: schema });
  if (migrate) await migrateToLatest(store.db as never, engine);
  return {
    ...store,
    dataDir,
    openOptions: { dataDir, databaseUrl: TEST_DATABASE_URL, pgSchema: schema },
    close: async () => {
      await store.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      // Not while a migration reads the catalog of every schema (db/migrate.ts).
      await cleanup.query("select pg_advisory_lock($1)", [SCHEMA_CHANGE_LOCK]);
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.query("select pg_advisory_unlock($1)", [SCHEMA_CHANGE_LOCK]);
      await cleanup.end();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
