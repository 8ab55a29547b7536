/**
 * `npm run bench:stats`: the dashboard statistics (docs/decisions/dashboard.md) at a million
 * tickets, on the data set of the search benchmark (`npm run bench:search-data`, same variables),
 * which it only reads. That data set predates migration 0015 and carries no first replies,
 * resolvers or closers, so the bench first derives a copy of the tickets the statistics read, in a
 * database of its own built by the app's migrations: first_reply_at from each ticket's first staff
 * message in the data set's chat, resolved_by / closed_by from the assignee (three closes in ten
 * 'AUTO'). The copy is then migrated to the app's latest schema (the ticket counters of migration
 * 0020 are filled from the tickets there, timed). With `now` at the newest ticket, each statistic
 * through its use case: the first call with no finished period stored ("first": stats_periods
 * emptied, a fresh handle), the first call of a fresh node once the periods are stored ("cold": a
 * new handle, nothing in its memory), and p50 and p95 of the calls after it ("warm"), and whether
 * any plan of the first call reads a whole table or a whole index. The counters are checked against
 * a GROUP BY over the tickets.
 *
 *   BENCH_DATABASE_URL      PostgreSQL: reads schema BENCH_SEARCH_SCHEMA (bench_search), writes BENCH_STATS_SCHEMA (bench_stats)
 *   BENCH_SEARCH_DIR        SQLite data set directory (default ./data/bench-search)
 *   BENCH_STATS_DIR         SQLite copy directory (default ./data/bench-stats)
 *   BENCH_STATS_REBUILD=1   derive the copy again
 *   BENCH_STATS_RUNS        timed runs per statistic (default 20, after 2 warm-up runs)
 *   BENCH_STATS_PLANS=1     print every query plan
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import { type CompiledQuery, Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { STATS_RANGES } from "../common/schemas/stats.ts";
import type { AppContext } from "../server/context.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { REBUILD_WORD_COUNTS } from "../server/db/migrations/0024_word_counts.ts";
import { REBUILD_UPDATE_DAYS } from "../server/db/migrations/0025_ticket_update_days.ts";
import type { Database } from "../server/db/schema.ts";
import { registerTextFunctions } from "../server/db/textSearch.ts";
import { REBUILD_TICKET_COUNTS } from "../server/repositories/ticketCounts.ts";
import { countTicketsOverTime, firstReplyDelayOverTime } from "../server/usecases/countTicketsOverTime.ts";
import { ticketStatsOverview } from "../server/usecases/ticketStatsOverview.ts";
import { userStatsOverview } from "../server/usecases/userStatsOverview.ts";
import { PG_SCHEMA, PG_URL, SQLITE_DIR } from "./searchData.ts";

const RUNS = Number(process.env.BENCH_STATS_RUNS ?? 20);
const PLANS = process.env.BENCH_STATS_PLANS === "1";
const REBUILD = process.env.BENCH_STATS_REBUILD === "1";
const STATS_DIR = path.resolve(process.env.BENCH_STATS_DIR ?? "data/bench-stats");
const STATS_SCHEMA = process.env.BENCH_STATS_SCHEMA ?? "bench_stats";
const ZONE = "Europe/Istanbul";
const READY = "derived";

/** The copy's rows: the data set's tickets with a first reply, resolver and closer derived. */
function sourceRows(src: string, text: "text" | "TEXT"): string {
  return `SELECT t.id, t.created_at, t.last_updated, t.user_id, '', '', t.category_id, t.priority_id, t.server_id,
      t.status, '', '', t.assigned_to,
      CASE WHEN t.status = 'RESOLVED' THEN CAST(COALESCE(t.assigned_to, 0) AS ${text}) END,
      CASE WHEN t.status = 'CLOSED' THEN
        CASE WHEN t.id % 10 < 3 THEN 'AUTO' ELSE CAST(COALESCE(t.assigned_to, 0) AS ${text}) END END,
      f.first_reply
    FROM ${src}tickets t
    LEFT JOIN (SELECT ticket_id, MIN(timestamp) AS first_reply FROM ${src}chat_messages
               WHERE user_class = 'dev' AND type = 'message' GROUP BY ticket_id) f ON f.ticket_id = t.id`;
}

const COPY_COLUMNS = `id, created_at, last_updated, user_id, email, name, category_id, priority_id, server_id,
  status, subject, description, assigned_to, resolved_by, closed_by, first_reply_at`;

async function deriveSqlite(): Promise<void> {
  const file = path.join(SQLITE_DIR, "helpdesk.sqlite");
  if (!existsSync(file)) throw new Error(`no data set at ${file}: run npm run bench:search-data first`);
  rmSync(STATS_DIR, { recursive: true, force: true });
  mkdirSync(STATS_DIR, { recursive: true });
  const store = openDatabase({ dataDir: STATS_DIR });
  await migrateToLatest(store.db as never, "sqlite");
  await store.close();
  const copy = new SQLite(path.join(STATS_DIR, "helpdesk.sqlite"));
  // The indexes of migration 0018 are on unicode_lower(), which the copy's connection must know.
  registerTextFunctions(copy);
  copy.pragma("foreign_keys = OFF");
  copy.pragma("synchronous = OFF");
  const saved = copy
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'tickets' AND type IN ('index', 'trigger') AND sql IS NOT NULL",
    )
    .all() as { type: string; name: string; sql: string }[];
  for (const s of saved) copy.exec(`DROP ${s.type === "index" ? "INDEX" : "TRIGGER"} ${s.name}`);
  // The data set is only read: rows stream from a read-only connection into the copy.
  const source = new SQLite(file, { readonly: true, fileMustExist: true });
  const insertCategory = copy.prepare("INSERT INTO categories (id, title, value) VALUES (?, ?, ?)");
  for (const c of source.prepare("SELECT id, title, value FROM categories").iterate() as Iterable<{
    id: number;
    title: string;
    value: number;
  }>) {
    insertCategory.run(c.id, c.title, c.value);
  }
  const insert = copy.prepare(`INSERT INTO tickets (${COPY_COLUMNS}) VALUES (${Array(16).fill("?").join(", ")})`);
  const batch = copy.transaction((rows: unknown[][]) => {
    for (const row of rows) insert.run(...row);
  });
  let rows: unknown[][] = [];
  for (const row of source.prepare(sourceRows("", "TEXT")).raw().iterate() as Iterable<unknown[]>) {
    rows.push(row);
    if (rows.length === 50_000) {
      batch(rows);
      rows = [];
    }
  }
  batch(rows);
  source.close();
  for (const s of saved) copy.exec(s.sql);
  // The counters (migration 0020) were filled when the copy was empty, and the triggers were off.
  for (const statement of REBUILD_TICKET_COUNTS) copy.exec(statement);
  copy.exec("ANALYZE");
  copy.close();
  writeFileSync(path.join(STATS_DIR, READY), new Date().toISOString());
}

async function derivePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS ${STATS_SCHEMA} CASCADE`);
  await client.query(`CREATE SCHEMA ${STATS_SCHEMA}`);
  await client.end();
  const store = openDatabase({ dataDir: STATS_DIR, databaseUrl: url, pgSchema: STATS_SCHEMA, queryTimeoutMs: 0 });
  await migrateToLatest(store.db as never, "postgres");
  await store.close();
  const copy = new pg.Client({ connectionString: url, options: `-c search_path=${STATS_SCHEMA}` });
  await copy.connect();
  const saved = (
    await copy.query<{ indexname: string; indexdef: string }>(
      "SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND tablename = 'tickets' AND indexname NOT LIKE '%pkey'",
      [STATS_SCHEMA],
    )
  ).rows;
  for (const s of saved) await copy.query(`DROP INDEX ${s.indexname}`);
  await copy.query(`ALTER TABLE tickets DISABLE TRIGGER ALL`);
  await copy.query(`INSERT INTO categories SELECT * FROM ${PG_SCHEMA}.categories`);
  await copy.query(`INSERT INTO tickets (${COPY_COLUMNS}) ${sourceRows(`${PG_SCHEMA}.`, "text")}`);
  for (const s of saved) await copy.query(s.indexdef);
  await copy.query(`ALTER TABLE tickets ENABLE TRIGGER ALL`);
  // The searched copy of subject and description (migration 0028), which the triggers did not make.
  await copy.query(
    "INSERT INTO ticket_texts (ticket_id, subject, description) SELECT id, subject, description FROM tickets",
  );
  // The counters (migrations 0020, 0024, 0025) were filled when the copy was empty, and the triggers were off.
  for (const statement of [...REBUILD_TICKET_COUNTS, ...REBUILD_WORD_COUNTS, ...REBUILD_UPDATE_DAYS]) {
    await copy.query(statement);
  }
  await copy.query("VACUUM (ANALYZE) tickets");
  await copy.query("CREATE TABLE derived (at timestamptz DEFAULT now())");
  await copy.end();
}

/** Whether a copy was derived to the end (the marker is written last). */
async function copyReady(): Promise<boolean> {
  if (!PG_URL) return existsSync(path.join(STATS_DIR, READY));
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  try {
    const found = await client.query("SELECT 1 FROM pg_tables WHERE schemaname = $1 AND tablename = 'derived'", [
      STATS_SCHEMA,
    ]);
    return (found.rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Brings a copy derived by an older version up to the app's schema; answers the seconds it took. */
async function migrateCopy(): Promise<number> {
  const started = performance.now();
  const store = PG_URL
    ? openDatabase({ dataDir: STATS_DIR, databaseUrl: PG_URL, pgSchema: STATS_SCHEMA, queryTimeoutMs: 0 })
    : openDatabase({ dataDir: STATS_DIR });
  await migrateToLatest(store.db as never, PG_URL ? "postgres" : "sqlite");
  await store.close();
  return (performance.now() - started) / 1000;
}

async function main(): Promise<void> {
  const engine = PG_URL ? "postgres" : "sqlite";
  const fresh = REBUILD || !(await copyReady());
  if (fresh) {
    const started = performance.now();
    if (PG_URL) await derivePostgres(PG_URL);
    else await deriveSqlite();
    console.log(`derived the statistics copy in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  console.log(`migrated the copy to the latest schema in ${(await migrateCopy()).toFixed(1)} s`);

  // The app's queries, with each statement's SQL kept for its plan.
  let last: CompiledQuery[] = [];
  const log = (event: { level: string; query: CompiledQuery }) => {
    last.push(event.query);
  };
  // A node: its own connection (or pool) and so its own memory of finished periods.
  let sqlite: SQLite.Database | null = null;
  let pool: pg.Pool | null = null;
  let db!: Kysely<Database>;
  let ctx!: AppContext;
  const openNode = async () => {
    if (sqlite) sqlite.close();
    if (pool) await pool.end();
    sqlite = engine === "sqlite" ? new SQLite(path.join(STATS_DIR, "helpdesk.sqlite")) : null;
    pool = PG_URL ? new pg.Pool({ connectionString: PG_URL, max: 4, options: `-c search_path=${STATS_SCHEMA}` }) : null;
    db = sqlite
      ? new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }), log })
      : new Kysely<Database>({ dialect: new PostgresDialect({ pool: pool as pg.Pool }), log });
    ctx = { store: { db, engine }, config: { businessTimezone: ZONE } } as unknown as AppContext;
  };
  await openNode();

  const now = Number(
    (
      await db
        .selectFrom("tickets")
        .select((eb) => eb.fn.max("created_at").as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const busiest = await db
    .selectFrom("tickets")
    .select(["resolved_by", (eb) => eb.fn.countAll().as("n")])
    .where("resolved_by", "is not", null)
    .groupBy("resolved_by")
    .orderBy("n", "desc")
    .limit(1)
    .executeTakeFirst();
  const staffId = Number(busiest?.resolved_by ?? 0);
  const total = Number(
    (
      await db
        .selectFrom("tickets")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  const answered = Number(
    (
      await db
        .selectFrom("tickets")
        .select((eb) => eb.fn.countAll().as("n"))
        .where("first_reply_at", "is not", null)
        .executeTakeFirstOrThrow()
    ).n,
  );

  // The counters against the tickets themselves.
  const grouped = await db
    .selectFrom("tickets")
    .select(["status", (eb) => eb.fn.countAll().as("n")])
    .groupBy("status")
    .execute();
  const totals = await ticketStatsOverview(ctx);
  const byStatus = new Map(grouped.map((r) => [r.status, Number(r.n)]));
  const exact =
    totals.n_total === total &&
    totals.n_resolved === (byStatus.get("RESOLVED") ?? 0) &&
    totals.n_closed === (byStatus.get("CLOSED") ?? 0);
  console.log(`ticket counters equal a GROUP BY over the tickets: ${exact ? "yes" : "NO"}`);

  const plan = async (q: CompiledQuery): Promise<string> => {
    if (sqlite) {
      const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as {
        detail: string;
      }[];
      return rows.map((r) => r.detail).join("\n");
    }
    const rows = (await (pool as pg.Pool | null)?.query(`EXPLAIN ${q.sql}`, q.parameters as unknown[]))?.rows as {
      "QUERY PLAN": string;
    }[];
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  };
  const scanKind = (text: string): "table" | "index" | "no" => {
    let kind: "table" | "index" | "no" = "no";
    const lines = text.split("\n");
    lines.forEach((line, i) => {
      if (/Seq Scan on tickets|^SCAN (t|tickets)$|^SCAN (t|tickets) \(/.test(line.trim())) kind = "table";
      else if (/SCAN (t|tickets) USING (COVERING )?INDEX/.test(line) && kind === "no") {
        kind = "index";
      } else if (/Index (Only )?Scan( Backward)? using \w+ on tickets/.test(line) && kind === "no") {
        // PostgreSQL prints a scan's Index Cond on the lines below it, up to the next plan node.
        const below = lines.slice(i + 1);
        const end = below.findIndex((l) => l.includes("->"));
        if (!(end < 0 ? below : below.slice(0, end)).some((l) => l.includes("Index Cond"))) kind = "index";
      }
    });
    return kind;
  };

  const cases: [string, () => Promise<unknown>][] = [
    ["ticket_stats (totals)", () => ticketStatsOverview(ctx)],
    ["user stats overview (own work, open per category and status)", () => userStatsOverview(ctx, staffId)],
    ...STATS_RANGES.map((range): [string, () => Promise<unknown>] => [
      `tickets per period, ${range}`,
      () => countTicketsOverTime(ctx, { range, now }),
    ]),
    ...STATS_RANGES.map((range): [string, () => Promise<unknown>] => [
      `first-reply mean and median, ${range}`,
      () => firstReplyDelayOverTime(ctx, { range, now }),
    ]),
  ];

  console.log(
    `statistics on ${engine}: ${total} tickets, ${answered} with a first reply; now = newest ticket (${new Date(now * 1000).toISOString()}), ${RUNS} runs`,
  );
  console.log("| statistic | first ms | cold ms | warm p50 ms | warm p95 ms | plan walks (first) |");
  console.log("|---|---|---|---|---|---|");
  for (const [name, run] of cases) {
    await db.deleteFrom("stats_periods").execute();
    await openNode();
    last = [];
    let started = performance.now();
    await run();
    const first = performance.now() - started;
    const coldQueries = last;
    await openNode();
    started = performance.now();
    await run();
    const cold = performance.now() - started;
    await run();
    const samples: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      last = [];
      const t = performance.now();
      await run();
      samples.push(performance.now() - t);
    }
    let walks: "table" | "index" | "no" = "no";
    for (const q of coldQueries) {
      const text = await plan(q);
      const kind = scanKind(text);
      if (kind === "table" || (kind === "index" && walks === "no")) walks = kind;
      if (PLANS) console.log(`-- ${name}\n${q.sql}\n${text}\n`);
    }
    samples.sort((a, b) => a - b);
    console.log(
      `| ${name} | ${first.toFixed(1)} | ${cold.toFixed(1)} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${walks} |`,
    );
  }
  await db.destroy();
}

await main();
