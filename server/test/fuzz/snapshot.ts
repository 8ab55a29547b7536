/**
 * What a refused request must not change: the row count of every table (one query for all of
 * them), the tickets' last-update sum, and the files in the uploads folder (finished and
 * incoming alike).
 */
import { readdir } from "node:fs/promises";
import { sql } from "kysely";
import type { TestServer } from "../server.ts";

export type Snapshot = Record<string, number>;

/**
 * The statistics of finished periods (migration 0021) are a cache that a permitted chart read
 * fills: the GETs of a refusal-only batch store the hour that has just ended (seen when a run
 * crossed the hour).
 */
const CACHES = new Set(["stats_periods"]);

async function tableNames(server: TestServer): Promise<string[]> {
  const db = server.store.db;
  if (server.store.engine === "sqlite") {
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`.execute(db);
    // The full-text indexes and their shadow tables (migrations 0008 and 0019) follow the rows they
    // index: an accepted edit rewrites index pages without changing any data row.
    return rows
      .map((r) => r.name)
      .filter((name) => !/_fts(_[a-z]+)?$/.test(name) && !/^ticket_(chat_)?words(_[a-z]+)?$/.test(name))
      .filter((name) => !CACHES.has(name));
  }
  const { rows } = await sql<{ name: string }>`
    SELECT table_name AS name FROM information_schema.tables
    WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`.execute(db);
  return rows.map((r) => r.name).filter((name) => !CACHES.has(name));
}

/** A function that takes a snapshot; the table list is read once. */
export async function snapshotter(server: TestServer): Promise<() => Promise<Snapshot>> {
  const tables = await tableNames(server);
  const counts = sql.join(
    tables.map((t) => sql`(SELECT count(*) FROM ${sql.table(t)}) AS ${sql.ref(t)}`),
    sql`, `,
  );
  const query = sql<Record<string, number | string>>`
    SELECT ${counts}, (SELECT coalesce(sum(last_updated), 0) FROM tickets) AS tickets_last_updated`;
  return async () => {
    const { rows } = await query.execute(server.store.db);
    const snapshot: Snapshot = {};
    for (const [k, v] of Object.entries(rows[0] ?? {})) snapshot[k] = Number(v);
    const files = await readdir(server.node.ctx.uploads.dir).catch(() => []);
    snapshot["uploads folder"] = files.length;
    return snapshot;
  };
}
