/**
 * `npm run bench:players`: the staff player search (spec/3-staff-administration.md §2.3) at scale.
 * Builds its own data set once (BENCH_PLAYERS members, default 200,000, with one to three
 * characters each on eight servers, every 25th banned, and a ticket for every second player), then
 * for each filter prints p50 and p95 of the HTTP call (a signed-in mod, the whole stack) and
 * whether a plan of the count or the page query reads the whole users or characters table
 * ("table") or a whole index ("index").
 *
 *   BENCH_DATABASE_URL   PostgreSQL (schema bench_players), else SQLite in data/bench-players
 *   BENCH_PLAYERS_DIR    SQLite directory instead (a data set of another size beside the first)
 *   BENCH_PLAYERS        players to generate (default 200000; the data set is kept between runs)
 *   BENCH_PLAYERS_RUNS   timed runs per filter (default 30, after 3 warm-up runs)
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { type CompiledQuery, type Kysely, sql } from "kysely";
import pg from "pg";
import { RANK_DEFAULT_PERMISSIONS } from "../common/permissions.ts";
import { paginationSearchMembersBody } from "../common/schemas/playerAdmin.ts";
import { buildApp } from "../server/app.ts";
import { hashPassword } from "../server/auth/passwords.ts";
import { loadConfig } from "../server/config.ts";
import { type DataStore, openDatabase } from "../server/db/database.ts";
import { migrateToLatest } from "../server/db/migrate.ts";
import type { Database } from "../server/db/schema.ts";
import { MemoryRateLimitStore } from "../server/ratelimit/store.ts";
import { memberCountQuery, memberPageIdsQuery } from "../server/repositories/playerSearch.ts";
import { insertUser } from "../server/seed/users.ts";
import { TestClient } from "../server/test/server.ts";
import { memberFilterOf } from "../server/usecases/searchMembers.ts";

const PG_URL = process.env.BENCH_DATABASE_URL;
const PG_SCHEMA = "bench_players";
const PLAYERS = Number(process.env.BENCH_PLAYERS ?? 200_000);
const RUNS = Number(process.env.BENCH_PLAYERS_RUNS ?? 30);
const WARMUP = 3;
const PASSWORD = "Bench-Passw0rd!";
const MOD = "bench.mod@staff.test";

const FIRST = [
  "Ayse",
  "Mehmet",
  "John",
  "Maria",
  "Yuki",
  "Chen",
  "Olga",
  "Pierre",
  "Fatima",
  "Lukas",
  "Sofia",
  "Ahmed",
];
const LAST = ["Yilmaz", "Smith", "Garcia", "Tanaka", "Wang", "Ivanova", "Dubois", "Haddad", "Müller", "Rossi", "Kaya"];
const SYLLABLES = ["dra", "kar", "zor", "mir", "el", "kai", "vel", "in", "ryu", "ith", "nox", "ba", "lu", "thor"];
const player = (k: number) => {
  const first = FIRST[k % FIRST.length] as string;
  const last = LAST[Math.floor(k / FIRST.length) % LAST.length] as string;
  return {
    name: `${first} ${last}${k % 7 === 0 ? "" : ` ${k}`}`,
    email: `${first}.${last}${k}@mail.test`.toLowerCase(),
  };
};
/** Three syllables picked by a hash of the player and the character, and a number: ~270k names. */
const character = (k: number, i: number) => {
  let name = "";
  let h = Math.imul(k * 3 + i + 1, 2_654_435_761) >>> 0;
  for (let s = 0; s < 3; s++) {
    name += SYLLABLES[h % SYLLABLES.length];
    h = Math.floor(h / SYLLABLES.length);
  }
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}${(k + i) % 97}`;
};

async function generate(db: Kysely<Database>): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  await insertUser(
    db,
    {
      class: "dev",
      rank: "mod",
      name: "Bench Mod",
      email: MOD,
      passwordHash: await hashPassword(PASSWORD),
      permissions: RANK_DEFAULT_PERMISSIONS.mod,
    },
    now,
  );
  const servers: number[] = [];
  for (let i = 0; i < 8; i++)
    servers.push(
      (
        await db
          .insertInto("servers")
          .values({ title: `World ${i}`, value: i })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
  const category = (
    await db.insertInto("categories").values({ title: "Other" }).returning("id").executeTakeFirstOrThrow()
  ).id;
  const priority = (
    await db
      .insertInto("priorities")
      .values({ title: "Normal", is_default: 1 })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  const started = performance.now();
  for (let start = 0; start < PLAYERS; start += 1000) {
    const end = Math.min(PLAYERS, start + 1000);
    const users = [];
    for (let k = start; k < end; k++) {
      const banned = k % 25 === 0;
      users.push({
        class: "user" as const,
        type: "normal" as const,
        rank: "user" as const,
        ...player(k),
        banned: banned ? 1 : 0,
        banned_until: banned ? (k % 50 === 0 ? -1 : now + (k % 90) * 86_400 - 30 * 86_400) : 0,
        created_at: now,
        updated_at: now,
      });
    }
    const ids = (await db.insertInto("users").values(users).returning("id").execute()).map((r) => r.id);
    const characters = ids.flatMap((id, j) =>
      Array.from({ length: 1 + ((start + j) % 3) }, (_, i) => ({
        user_id: id,
        character_name: character(start + j, i),
        character_level: 1 + ((start + j + i) % 99),
        server_id: servers[(start + j + i) % servers.length] as number,
      })),
    );
    await db.insertInto("characters").values(characters).execute();
    const tickets = ids.flatMap((id, j) => {
      const k = start + j;
      if (k % 2 !== 0) return [];
      const p = player(k);
      return [
        {
          created_at: 1_600_000_000 + k,
          last_updated: 1_600_000_000 + k,
          user_id: id,
          email: p.email,
          name: p.name,
          category_id: category,
          priority_id: priority,
          server_id: servers[k % servers.length] as number,
          status: (["NEW TICKET", "REPLIED", "RESOLVED", "CLOSED"] as const)[k % 4],
          subject: "Bench ticket",
          description: "A ticket of the player benchmark.",
        },
      ];
    });
    if (tickets.length) await db.insertInto("tickets").values(tickets).execute();
    if (end % 50_000 === 0) console.log(`  ${end} players (${((performance.now() - started) / 1000).toFixed(0)} s)`);
  }
}

type Body = Record<string, string | number | boolean>;
const CASES: { name: string; body: (i: number) => Body }[] = [
  { name: "all players (newest first)", body: () => ({}) },
  { name: "all players, page 1000", body: () => ({ page: 1000 }) },
  { name: "sort by name", body: () => ({ sort_by: "name", order: "asc" }) },
  { name: "banned list", body: () => ({ banned: true }) },
  { name: "banned list, by ban end", body: () => ({ banned: true, sort_by: "banned_until", order: "asc" }) },
  { name: "name, Contains (common)", body: (i) => ({ name: ["smith", "garcia", "tanaka"][i % 3] as string }) },
  {
    name: "name, Contains (rare)",
    body: (i) => ({
      name: player(1000 + i * 37)
        .name.split(" ")
        .slice(1)
        .join(" "),
    }),
  },
  { name: "name, Contains 2 chars", body: (i) => ({ name: ["ay", "jo", "ol"][i % 3] as string }) },
  { name: "name, Exact", body: (i) => ({ name: player(i * 131).name, name_mode: 2 }) },
  { name: "e-mail, Contains", body: (i) => ({ email: `${i * 97}@mail` }) },
  { name: "e-mail, Exact", body: (i) => ({ email: player(i * 131).email, email_mode: 2 }) },
  { name: "character, Contains", body: (i) => ({ character_name: character(i * 11, 1).slice(1, 7) }) },
  { name: "character, Exact", body: (i) => ({ character_name: character(i * 77, 0), character_name_mode: 2 }) },
  { name: "server", body: (i) => ({ server: 1 + (i % 8) }) },
  {
    name: "character + server",
    body: (i) => ({ character_name: character(i * 11, 0).slice(0, 5), server: 1 + (i % 8) }),
  },
  { name: "not banned, 100 a page", body: () => ({ banned: false, entries_per_page: 100 }) },
];

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

async function main(): Promise<void> {
  const engine = PG_URL ? "postgres" : "sqlite";
  const dataDir = path.resolve(
    PG_URL ? "data/bench-players-pg" : (process.env.BENCH_PLAYERS_DIR ?? "data/bench-players"),
  );
  mkdirSync(dataDir, { recursive: true });
  let pgClient: pg.Client | undefined;
  if (PG_URL) {
    pgClient = new pg.Client({ connectionString: PG_URL });
    await pgClient.connect();
    await pgClient.query(`CREATE SCHEMA IF NOT EXISTS ${PG_SCHEMA}`);
    await pgClient.query(`SET search_path TO ${PG_SCHEMA}, public`);
  }
  const store: DataStore = openDatabase(
    PG_URL ? { dataDir, databaseUrl: PG_URL, pgSchema: PG_SCHEMA, queryTimeoutMs: 0 } : { dataDir },
  );
  await migrateToLatest(store.db as never, engine);
  const existing = await store.db.selectFrom("users").select("id").where("email", "=", MOD).executeTakeFirst();
  if (!existing) {
    console.log(`generating ${PLAYERS} players on ${engine}…`);
    await generate(store.db);
    // One statement a query: VACUUM refuses to run in the transaction a multi-statement query is.
    for (const table of ["users", "characters", "tickets"]) await pgClient?.query(`VACUUM ANALYZE ${table}`);
    if (!pgClient) await sql`ANALYZE`.execute(store.db);
  }
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, CAPTCHA: "off", LOG_LEVEL: "silent" });
  const node = await buildApp({ config, store, logger: false, limits: new MemoryRateLimitStore() });
  await node.app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = node.app.server.address() as { port: number };
  const client = new TestClient(`http://127.0.0.1:${port}`);
  await client.signIn(MOD, PASSWORD);

  const explain = async (q: CompiledQuery): Promise<string> => {
    const text = `${engine === "sqlite" ? "EXPLAIN QUERY PLAN" : "EXPLAIN"} ${q.sql}`;
    const rows = (await store.db.executeQuery({ ...q, sql: text })).rows as Record<string, string>[];
    return rows.map((r) => r.detail ?? r["QUERY PLAN"] ?? "").join("\n");
  };
  const scanKind = (plan: string): "table" | "index" | "no" => {
    const lines = plan.split("\n");
    if (engine === "sqlite") {
      const scans = lines.filter((l) => /SCAN (users|characters)\b/.test(l) && !/VIRTUAL TABLE/.test(l));
      if (scans.some((l) => !/USING (COVERING )?INDEX/.test(l))) return "table";
      return scans.length ? "index" : "no";
    }
    if (lines.some((l) => /Seq Scan on (users|characters)\b/.test(l))) return "table";
    // An index scan without an Index Cond (on the lines of its node) walks the whole index.
    const walks = lines.some((l, i) => {
      if (!/Index (Only )?Scan.* on (users|characters)\b/.test(l)) return false;
      const rest = lines.slice(i + 1);
      const end = rest.findIndex((x) => x.includes("->"));
      return !(end === -1 ? rest : rest.slice(0, end)).some((x) => x.includes("Index Cond"));
    });
    return walks ? "index" : "no";
  };

  console.log(`\n${engine}, ${PLAYERS} players, ${RUNS} runs a filter (ms)\n`);
  console.log("| filter | HTTP p50 / p95 | matches | plan walks |");
  console.log("|---|---|---|---|");
  const now = Math.floor(Date.now() / 1000);
  for (const c of CASES) {
    const samples: number[] = [];
    let matches = 0;
    for (let i = 0; i < WARMUP + RUNS; i++) {
      const body = { entries_per_page: 10, ...c.body(i) };
      const t0 = performance.now();
      const response = await client.post(`/api/members/pagination-search-members`, body);
      const ms = performance.now() - t0;
      if (response.status !== 200) throw new Error(`${c.name}: ${response.status} ${JSON.stringify(response.body)}`);
      matches = Number((response.body as { total_count: number }).total_count);
      if (i >= WARMUP) samples.push(ms);
    }
    const parsed = paginationSearchMembersBody.parse({ entries_per_page: 10, ...c.body(RUNS) });
    const filter = memberFilterOf(parsed);
    const order = { sortBy: parsed.sort_by ?? "id", order: parsed.order } as const;
    const page = { offset: (parsed.page - 1) * 10, limit: 10, matches, now };
    const plans = [
      await explain(memberCountQuery(store.db, engine, filter, now).compile()),
      await explain(memberPageIdsQuery(store.db, engine, filter, order, page).compile()),
    ];
    const kinds = plans.map(scanKind);
    const walk = kinds.includes("table") ? "table" : kinds.includes("index") ? "index" : "no";
    const sorted = samples.sort((a, b) => a - b);
    console.log(
      `| ${c.name} | ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 95).toFixed(1)} | ${matches} | ${walk} |`,
    );
    if (process.env.BENCH_PLAYERS_PLANS === "1") console.log(plans.join("\n---\n"));
  }
  await node.app.close();
  await store.close();
  await pgClient?.end();
}

await main();
