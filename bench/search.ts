/**
 * `npm run bench:search`: the staff ticket search on the data set of bench/searchData.ts (run
 * `npm run bench:search-data` first, with the same variables; it applies any migration the data set
 * lacks, so run it on a copy of a data set that others read). For each filter: p50 and p95 of
 * the HTTP call (a signed-in staff member, through the whole stack), next to p50 and p95 of the
 * same SQL (the exact count and the page query, compiled by the repository) run directly on the
 * database driver, and whether any plan of that SQL scans tickets or chat_messages in full.
 *
 *   BENCH_DATABASE_URL     PostgreSQL (schema BENCH_SEARCH_SCHEMA, default bench_search)
 *   BENCH_SEARCH_DIR       SQLite directory (default ./data/bench-search)
 *   BENCH_SEARCH_RUNS      timed runs per filter and side (default 40, after 3 warm-up runs)
 *   BENCH_SEARCH_ONLY      run only the filters whose name contains this text
 *   BENCH_SEARCH_PLANS=1   print every query plan
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import SQLite from "better-sqlite3";
import type { CompiledQuery } from "kysely";
import pg from "pg";
import { advancedSearchTicketsBody } from "../common/schemas/ticketSearch.ts";
import { buildApp } from "../server/app.ts";
import { loadConfig } from "../server/config.ts";
import { openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import { registerTextFunctions } from "../server/db/textSearch.ts";
import { MemoryRateLimitStore } from "../server/ratelimit/store.ts";
import { foldSearchCounters } from "../server/repositories/searchCounters.ts";
import { foldTicketCounts } from "../server/repositories/ticketCounts.ts";
import { countQuery, pageIdsQuery, wordPageInWindow } from "../server/repositories/ticketSearch.ts";
import { filterOf } from "../server/routes/ticketSearch.ts";
import { TestClient } from "../server/test/server.ts";
import { BENCH_PASSWORD, FIRST_NUMBER, memberOf, PG_SCHEMA, PG_URL, SQLITE_DIR } from "./searchData.ts";

const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 40);
const WARMUP = 3;
const ONLY = process.env.BENCH_SEARCH_ONLY;
const PLANS = process.env.BENCH_SEARCH_PLANS === "1";

type Body = Record<string, string | number | boolean>;
interface Case {
  name: string;
  /** Bodies to rotate through (different values, so that one cached answer does not carry it). */
  bodies: (i: number) => Body;
}

const AGENT = "agent1@staff.test";
const ticketNumber = (i: number) => FIRST_NUMBER + ((i * 7919) % 900_000) * 30;
const member = (i: number) => memberOf((i * 131) % 50_000);
const WORDS = ["castle", "refund", "screenshot", "password", "dungeon"];
const RARE_CODES = (i: number) => `ORD-${String((i * 48_271) % 1_000_000).padStart(6, "0")}`;

/** One filter per row, as the list page and the advanced dialog send them. */
function cases(ids: { agentId: number; servers: number[]; categories: number[]; priorities: number[] }): Case[] {
  const at = <T>(list: T[], i: number) => list[i % list.length] as T;
  return [
    { name: "default list (employee = me)", bodies: () => ({ default: true }) },
    { name: "default list, page 200", bodies: () => ({ default: true, page: 200 }) },
    { name: "all tickets", bodies: () => ({}) },
    { name: "all tickets, page 50000", bodies: () => ({ page: 50_000 }) },
    { name: "all tickets, 100 a page", bodies: () => ({ entries_per_page: 100 }) },
    { name: "ticket number, Exact", bodies: (i) => ({ ticket_id: ticketNumber(i), ticket_id_mode: 2 }) },
    { name: "ticket id, Contains", bodies: (i) => ({ ticket_id: 1000 + (i % 9000), ticket_id_mode: 1 }) },
    { name: "name, Contains", bodies: (i) => ({ name: at(["smith", "müller", "garcia", "tanaka"], i), name_mode: 1 }) },
    { name: "name, Contains 2 chars", bodies: (i) => ({ name: at(["jo", "ma", "zh"], i), name_mode: 1 }) },
    { name: "name, Exact", bodies: (i) => ({ name: member(i).name, name_mode: 2 }) },
    { name: "e-mail, Contains", bodies: (i) => ({ email: member(i).email.slice(0, 12), email_mode: 1 }) },
    { name: "e-mail, Exact", bodies: (i) => ({ email: member(i).email, email_mode: 2 }) },
    { name: "character, Contains", bodies: (i) => ({ character_name: at(["drak", "zorka", "ryuith", "velin"], i) }) },
    {
      name: "character, Exact",
      bodies: (i) => ({ character_name: at(["Karadra", "Zormir", "Elkai"], i), character_name_mode: 2 }),
    },
    { name: "server", bodies: (i) => ({ server: at(ids.servers, i) }) },
    { name: "category", bodies: (i) => ({ category: at(ids.categories, i) }) },
    { name: "status", bodies: (i) => ({ status: at(["NEW TICKET", "ON HOLD", "CLOSED"], i) }) },
    { name: "status ACTIVE", bodies: () => ({ status: "ACTIVE" }) },
    { name: "priority", bodies: (i) => ({ priority: at(ids.priorities, i) }) },
    // A deep page of a filtered list: an OFFSET over the filter's index (only the whole list has day counts).
    { name: "priority, page 20000", bodies: (i) => ({ priority: at(ids.priorities, i), page: 20_000 }) },
    { name: "status ACTIVE, page 15000", bodies: () => ({ status: "ACTIVE", page: 15_000 }) },
    { name: "employee", bodies: (i) => ({ employee: ids.agentId + (i % 20) }) },
    { name: "employee 0 (unassigned)", bodies: () => ({ employee: 0 }) },
    { name: "tagged", bodies: () => ({ tagged: true }) },
    {
      name: "ACTIVE + server + category",
      bodies: (i) => ({ status: "ACTIVE", server: at(ids.servers, i), category: at(ids.categories, i) }),
    },
    { name: "sort by status asc", bodies: () => ({ sort_by: "status", order: "asc" }) },
    { name: "sort by name asc", bodies: () => ({ sort_by: "name", order: "asc" }) },
    { name: "subject (advanced)", bodies: (i) => ({ subject: at(["refund", "dungeon", "hacked"], i) }) },
    { name: "description, common word", bodies: (i) => ({ description: at(WORDS, i) }) },
    { name: "description, order code", bodies: (i) => ({ description: RARE_CODES(i) }) },
    { name: "chat message, order code", bodies: (i) => ({ chatMessage: RARE_CODES(i) }) },
    { name: "chat message, common word", bodies: (i) => ({ chatMessage: at(WORDS, i) }) },
    { name: "created in the last 7 days", bodies: () => ({ createdAt: 604_800 }) },
    { name: "updated in the last day", bodies: () => ({ lastUpdated: 86_400 }) },
  ];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function stats(samples: number[]): { p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

async function main(): Promise<void> {
  const engine = PG_URL ? "postgres" : "sqlite";
  const dataDir = PG_URL ? path.resolve("data/bench-search-pg") : SQLITE_DIR;
  mkdirSync(dataDir, { recursive: true });
  const store = PG_URL
    ? openDatabase({ dataDir, databaseUrl: PG_URL, pgSchema: PG_SCHEMA, queryTimeoutMs: 0 })
    : openDatabase({ dataDir: SQLITE_DIR });
  const db = store.db;
  // A data set built by an older generator gets the migrations it lacks (0020's ticket counters, 0023's index).
  await migrateToLatest(store.db as never, engine);
  // A running node's sweep folds the counters every minute; a data set loaded with the triggers
  // on (PostgreSQL's ticket counters) starts with a million deltas that no sweep has folded.
  await foldTicketCounts(db, engine);
  if (engine === "postgres") await foldSearchCounters(db);
  const counts = await db
    .selectFrom("tickets")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .executeTakeFirstOrThrow();
  const messages = await db
    .selectFrom("chat_messages")
    .select((eb) => eb.fn.max("id").as("n"))
    .executeTakeFirstOrThrow();
  const agent = await db
    .selectFrom("users")
    .select(["id", "rank"])
    .where("email", "=", AGENT)
    .executeTakeFirstOrThrow();
  const ids = {
    agentId: agent.id,
    servers: (await db.selectFrom("servers").select("id").execute()).map((r) => r.id),
    categories: (await db.selectFrom("categories").select("id").execute()).map((r) => r.id),
    priorities: (await db.selectFrom("priorities").select("id").execute()).map((r) => r.id),
  };
  // A few hundred tag notifications for the agent (the tagged filter), once.
  const tagged = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("user_id", "=", agent.id)
    .executeTakeFirstOrThrow();
  if (Number(tagged.n) === 0) {
    const tickets = await db
      .selectFrom("tickets")
      .select(["id", "created_at"])
      .where("id", "<=", 300_000)
      .where((eb) => eb(eb.fn("mod", ["id", eb.val(997)]), "=", 0))
      .execute();
    const now = Math.floor(Date.now() / 1000);
    for (const t of tickets) {
      await db
        .insertInto("notifications")
        .values({
          user_id: agent.id,
          type: "tag",
          ticket_id: t.id,
          ticket_created_at: t.created_at,
          by_user_id: null,
          timestamp: now,
          expires: now + 86_400 * 90,
        })
        .execute();
    }
  }

  // The whole stack: a node on this database, a staff member signed in over HTTP.
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    CAPTCHA: "off",
    LOG_LEVEL: "silent",
    ...(PG_URL ? { DATABASE_URL: PG_URL } : {}),
  });
  const limits = new MemoryRateLimitStore();
  const node = await buildApp({ config, store, logger: false, limits });
  await node.app.listen({ port: 0, host: "127.0.0.1" });
  const address = node.app.server.address();
  const baseUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const client = new TestClient(baseUrl);
  await client.signIn(AGENT, BENCH_PASSWORD);

  // The same SQL straight on the driver.
  const sqlite = engine === "sqlite" ? new SQLite(path.join(SQLITE_DIR, "helpdesk.sqlite"), { readonly: true }) : null;
  const pgClient = PG_URL ? new pg.Client({ connectionString: PG_URL, options: `-c search_path=${PG_SCHEMA}` }) : null;
  await pgClient?.connect();
  // The fold above left the deleted deltas behind for autovacuum; the sums read the live rows only.
  await pgClient?.query("VACUUM (ANALYZE) ticket_count_deltas, word_count_deltas, ticket_update_day_deltas");
  if (sqlite) registerTextFunctions(sqlite); // Exact reads unicode_lower()
  const run = async (q: CompiledQuery) => {
    if (sqlite) return sqlite.prepare(q.sql).all(...(q.parameters as unknown[]));
    return (await pgClient?.query(q.sql, q.parameters as unknown[]))?.rows;
  };
  const plan = async (q: CompiledQuery): Promise<string> => {
    if (sqlite) {
      const rows = sqlite.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.parameters as unknown[])) as {
        detail: string;
      }[];
      return rows.map((r) => r.detail).join("\n");
    }
    const rows = (await pgClient?.query(`EXPLAIN ${q.sql}`, q.parameters as unknown[]))?.rows as {
      "QUERY PLAN": string;
    }[];
    return rows.map((r) => r["QUERY PLAN"]).join("\n");
  };
  /**
   * How the plan reads tickets and chat_messages: "table" for a full table scan (SQLite's SCAN of
   * the table, PostgreSQL's Seq Scan), "index" for a walk of a whole index, else "no".
   */
  const scanKind = (text: string): "table" | "index" | "no" => {
    const lines = text.split("\n");
    if (sqlite) {
      const scans = lines.filter((l) => /SCAN (tickets|chat_messages)\b/.test(l) && !/VIRTUAL TABLE/.test(l));
      if (scans.some((l) => !/USING (COVERING )?INDEX/.test(l))) return "table";
      return scans.length ? "index" : "no";
    }
    if (lines.some((l) => /Seq Scan on (tickets|chat_messages)\b/.test(l))) return "table";
    // An index scan without an Index Cond (on the lines of its node) walks the whole index.
    const walks = lines.some((l, i) => {
      if (!/Index (Only )?Scan.* on (tickets|chat_messages)\b/.test(l)) return false;
      const rest = lines.slice(i + 1);
      const end = rest.findIndex((x) => x.includes("->"));
      return !(end === -1 ? rest : rest.slice(0, end)).some((x) => x.includes("Index Cond"));
    });
    return walks ? "index" : "no";
  };
  const worse = (a: string, b: string) =>
    a === "table" || b === "table" ? "table" : a === "index" || b === "index" ? "index" : "no";

  console.log(
    `search benchmark on ${engine}: ${Number(counts.n)} tickets, ${Number(messages.n ?? 0)} chat messages; ${RUNS} runs per filter (p50 / p95 in ms)`,
  );
  console.log(
    `${"filter".padEnd(32)} ${"HTTP p50".padStart(9)} ${"HTTP p95".padStart(9)} ${"SQL p50".padStart(9)} ${"SQL p95".padStart(9)} ${"total".padStart(9)}  full scan`,
  );
  const now = Math.floor(Date.now() / 1000);
  const staff = { id: agent.id, class: "dev" as const, rank: agent.rank, type: "normal" as const };
  let worst = 0;
  for (const c of cases(ids)) {
    if (ONLY && !c.name.includes(ONLY)) continue;
    const http: number[] = [];
    const direct: number[] = [];
    let total = 0;
    let scans = "no";
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const body = { entries_per_page: 10, ...c.bodies(i) };
      let t = performance.now();
      const response = await client.post("/api/tickets/advanced-search-tickets", body);
      const httpMs = performance.now() - t;
      if (response.status !== 200) throw new Error(`${c.name}: ${response.status} ${JSON.stringify(response.body)}`);
      total = Number(response.body.total_count);

      const parsed = advancedSearchTicketsBody.parse(body);
      const filter = filterOf(staff, parsed, now);
      const order = { sortBy: parsed.sort_by ?? "lastUpdated", order: parsed.order } as const;
      const page = { offset: (parsed.page - 1) * parsed.entries_per_page, limit: parsed.entries_per_page };
      const queries = [
        countQuery(db, engine, filter).compile(),
        pageIdsQuery(db, engine, filter, order, page).compile(),
      ];
      t = performance.now();
      const [counted] = ((await run(queries[0] as CompiledQuery)) ?? []) as { n: number | string }[];
      // As the route does: the page's plan depends on the number of matches.
      const matches = Number(counted?.n ?? 0);
      queries[1] = pageIdsQuery(db, engine, filter, order, { ...page, matches }).compile();
      // SQLite looks for a word search's page in a window of the order first (through Kysely,
      // as the app does); the general page query runs when the window declines.
      const windowed =
        engine === "sqlite" && page.offset < matches
          ? await wordPageInWindow(db, filter, order, { ...page, matches })
          : undefined;
      if (page.offset < matches && !windowed) await run(queries[1]);
      const sqlMs = performance.now() - t;
      if (i === 0) {
        for (const q of queries) {
          const text = await plan(q);
          scans = worse(scans, scanKind(text));
          if (PLANS) console.log(`-- ${c.name}\n${q.sql}\n${text}\n`);
        }
      }
      if (i >= WARMUP) {
        http.push(httpMs);
        direct.push(sqlMs);
      }
    }
    const h = stats(http);
    const d = stats(direct);
    worst = Math.max(worst, h.p95);
    console.log(
      `${c.name.padEnd(32)} ${h.p50.toFixed(1).padStart(9)} ${h.p95.toFixed(1).padStart(9)} ${d.p50.toFixed(1).padStart(9)} ${d.p95.toFixed(1).padStart(9)} ${String(total).padStart(9)}  ${scans}`,
    );
  }
  console.log(`worst HTTP p95: ${worst.toFixed(1)} ms (goal: under 50 ms)`);
  sqlite?.close();
  await pgClient?.end();
  await node.app.close();
  await limits.close();
  await store.close();
}

await main();
