/**
 * `npm run bench:soak`: the help desk as a studio runs it, for minutes on end, on the engine it is
 * given. One real node (`server/main.ts` in a child process, as `npm start` runs it) with the
 * sweeps on a one-second clock; this process plays its users over HTTP and socket.io:
 *
 *   players   sign in (and now and then out and in again), file tickets (some with files), chat
 *             over HTTP and over their socket, upload files (some never sent: the orphan sweep
 *             takes them), read their history and tickets; BENCH_SOAK_AT_ONCE of them at a time
 *   staff     search the ticket list, answer (HTTP and socket), assign to a colleague, resolve,
 *             read the dashboard's statistics (whose counts the sweeps fold)
 *   the game  updates members through the member API
 *
 * Auto-close and the attachment retention run on short clocks too, so the sweeps write while all
 * that goes on. At the end it prints, per kind of request, how many were made, how many answered
 * 4xx and 5xx, and the p50/p95/p99 latency; the sweep runs by outcome; and on SQLite the WAL's
 * largest size. It exits 1 on any 5xx, any request the server did not answer, or any failed sweep.
 *
 *   BENCH_DATABASE_URL     PostgreSQL (a schema of its own, dropped at the end) instead of SQLite
 *   BENCH_SOAK_SECONDS     how long the load runs (default 600)
 *   BENCH_SOAK_MEMBERS     players (default 300)
 *   BENCH_SOAK_STAFF       staff members at work at once (default 4)
 *   BENCH_SOAK_AT_ONCE     player requests under way at once (default 8)
 *   BENCH_SOAK_WAL_MAX_MB  SQLite: the server's SQLITE_WAL_MAX_MB (default 1, a WAL restart every
 *                          few seconds)
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import type { Socket } from "socket.io-client";
import { encodeChatId } from "../common/ticket-code.ts";
import { inParallel } from "../server/test/inParallel.ts";
import { SAMPLE_FILES } from "../server/test/sampleFiles.ts";
import { connected, emitWithAck, TestClient, type TestResponse } from "../server/test/server.ts";

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const MEMBERS = Number(process.env.BENCH_SOAK_MEMBERS ?? 300);
const STAFF = Number(process.env.BENCH_SOAK_STAFF ?? 4);
const AT_ONCE = Math.min(Number(process.env.BENCH_SOAK_AT_ONCE ?? 8), MEMBERS);
const DATABASE_URL = process.env.BENCH_DATABASE_URL;
const PASSWORD = "Soak-Passw0rd!";
const API_KEY = randomBytes(24).toString("hex");
const png = SAMPLE_FILES["image/png"]!;
const pdf = SAMPLE_FILES["application/pdf"]!;

// ---- what was measured

interface Kind {
  latencies: number[];
  client: number;
  server: number;
  /** Requests the server did not answer at all (reset, refused, timed out). */
  unanswered: number;
  /** The first few 5xx and unanswered ones, word for word. */
  examples: string[];
  /** The 4xx answers by their code: the refusals a busy help desk gives (a ticket closed meanwhile). */
  refusals: Map<string, number>;
}
const kinds = new Map<string, Kind>();

function kind(name: string): Kind {
  let k = kinds.get(name);
  if (!k) {
    k = { latencies: [], client: 0, server: 0, unanswered: 0, examples: [], refusals: new Map() };
    kinds.set(name, k);
  }
  return k;
}

/** Times one HTTP call under `name` and counts its answer; answers the response, or null if none came. */
/** What came of one request or emit: its latency, and a 5xx (or a server-side ack), a refusal or no answer. */
type Outcome = { answered: true; ms: number; server?: string; refusal?: string } | { answered: false; error: string };

function record(name: string, outcome: Outcome): void {
  const k = kind(name);
  if (!outcome.answered) {
    k.unanswered++;
    if (k.examples.length < 5) k.examples.push(outcome.error);
    return;
  }
  k.latencies.push(outcome.ms);
  if (outcome.server !== undefined) {
    k.server++;
    if (k.examples.length < 5) k.examples.push(outcome.server);
  } else if (outcome.refusal !== undefined) {
    k.client++;
    k.refusals.set(outcome.refusal, (k.refusals.get(outcome.refusal) ?? 0) + 1);
  }
}

async function timed<T>(name: string, call: () => Promise<TestResponse<T>>): Promise<TestResponse<T> | null> {
  const started = performance.now();
  try {
    const res = await call();
    const ms = performance.now() - started;
    if (res.status >= 500)
      record(name, { answered: true, ms, server: `${res.status} ${JSON.stringify(res.body).slice(0, 200)}` });
    else if (res.status >= 400) {
      const code = String((res.body as { code?: unknown } | null)?.code ?? res.status);
      record(name, { answered: true, ms, refusal: code });
    } else record(name, { answered: true, ms });
    return res;
  } catch (error) {
    record(name, { answered: false, error: String(error) });
    return null;
  }
}

/** The socket's acknowledgement codes that stand for a server error, as a 5xx does over HTTP. */
const SERVER_SIDE = new Set(["internal", "database_unavailable"]);

async function timedEmit(name: string, socket: Socket, event: string, payload: unknown): Promise<boolean> {
  const started = performance.now();
  try {
    const ack = await emitWithAck<{ ok: boolean; error?: string }>(socket, event, payload);
    const ms = performance.now() - started;
    if (ack.ok) record(name, { answered: true, ms });
    else if (SERVER_SIDE.has(ack.error ?? "")) record(name, { answered: true, ms, server: JSON.stringify(ack) });
    else record(name, { answered: true, ms, refusal: ack.error ?? "refused" });
    return ack.ok;
  } catch (error) {
    record(name, { answered: false, error: String(error) });
    return false;
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;

// ---- the server

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Node {
  child: ChildProcess;
  baseUrl: string;
  dataDir: string;
  logFile: string;
  dropSchema(): Promise<void>;
}

async function startNode(): Promise<Node> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "helpdesk-soak-"));
  let databaseUrl: string | undefined;
  let dropSchema = async () => {};
  if (DATABASE_URL) {
    const schema = `soak_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const url = new URL(DATABASE_URL);
    url.searchParams.set("options", `-c search_path=${schema}`);
    databaseUrl = url.toString();
    dropSchema = async () => {
      const cleanup = new pg.Client({ connectionString: DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP SCHEMA ${schema} CASCADE`);
      await cleanup.end();
    };
  }
  const port = await freePort();
  const logFile = path.join(dataDir, "server.log");
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ["server/main.ts"], {
    cwd: path.join(import.meta.dirname, ".."),
    env: {
      ...process.env,
      // As `npm start` runs it (production refuses CAPTCHA=off, which a load test needs).
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      LOG_LEVEL: "warn",
      CAPTCHA: "off",
      // Every player signs in from an address of their own (X-Forwarded-For), as on the internet.
      TRUST_PROXY: "on",
      ADMIN_EMAIL: "admin@soak.test",
      ADMIN_PASSWORD: PASSWORD,
      INTEGRATION_API_KEY: API_KEY,
      SWEEP_INTERVAL_SECONDS: "1",
      // The WAL started anew past 1 MB, every few seconds under this load (64 MB takes many
      // minutes to fill): each time, the checkpoint holds SQLite's writer while requests come.
      SQLITE_WAL_MAX_MB: process.env.BENCH_SOAK_WAL_MAX_MB ?? "1",
      // Answered tickets close after 36 s, their files go 43 s after that, unsent uploads after a minute.
      AUTO_CLOSE_HOURS: "0.01",
      ATTACHMENT_RETENTION_DAYS: "0.0005",
      UPLOAD_ORPHAN_MINUTES: "1",
      MEMBER_ACTIVE_TICKET_CAP: "20",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}):\n${readFileSync(logFile, "utf8").slice(0, 2000)}`);
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) throw new Error(`the server was not ready within a minute; see ${logFile}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { child, baseUrl, dataDir, logFile, dropSchema };
}

// ---- the people

/** An address of a /64 of its own per person (the documentation range), for the sign-in limits. */
const addressOf = (n: number) => `2001:db8:${(n + 1).toString(16)}::1`;

interface Player {
  n: number;
  email: string;
  client: TestClient | null;
  socket: Socket | null;
  /** Tickets this player filed that have not ended, as far as the player knows. */
  open: number[];
  /** When this player's last three tickets were filed (three in ten minutes is the limit). */
  filedAt: number[];
}

interface Agent {
  id: number;
  client: TestClient;
  socket: Socket;
}

async function signIn(client: TestClient, email: string, n: number, what: string): Promise<boolean> {
  const res = await timed(what, () =>
    client.post(
      "/auth/login",
      { username: email, password: PASSWORD, captchaToken: "" },
      { headers: { "x-forwarded-for": addressOf(n) } },
    ),
  );
  return res?.status === 200;
}

interface World {
  categories: number[];
  serverTitle: string;
  serverId: number;
}

async function setUp(baseUrl: string): Promise<{ world: World; agents: Agent[]; players: Player[] }> {
  const admin = new TestClient(baseUrl);
  if (!(await signIn(admin, "admin@soak.test", 100_000, "set-up"))) throw new Error("the admin could not sign in");
  const categories = (
    await admin.get<{ categories: { id: number; disabled: boolean; has_violaters_form: boolean }[] }>(
      "/api/setup/fetch-categories",
    )
  ).body.categories
    .filter((c) => !c.disabled && !c.has_violaters_form)
    .map((c) => c.id);
  const servers = (await admin.get<{ servers: { id: number; title: string }[] }>("/api/setup/fetch-servers")).body
    .servers;
  const server = servers[0];
  if (!categories.length || !server) throw new Error("the base configuration has no category or server");
  const world = { categories, serverTitle: server.title, serverId: server.id };

  const agents: Agent[] = [];
  for (let i = 0; i < STAFF; i++) {
    const email = `mod${i}@soak.test`;
    const created = await timed<{ user: { id: number }; password_token: string }>("set-up", () =>
      admin.post("/api/users/create-new-user", { email, user_class: "dev", user_rank: "mod" }),
    );
    if (created?.status !== 200) throw new Error(`could not create ${email}: ${JSON.stringify(created?.body)}`);
    const { user, password_token } = created.body;
    const id = user.id;
    const client = new TestClient(baseUrl);
    const steps = [
      await timed("set-up", () => client.post("/auth2/setup-password", { password_token, new_password: PASSWORD })),
      await timed("set-up", () =>
        admin.post("/api/users/change-dev-responsibilities", {
          user_id: id,
          categories,
          servers: servers.map((s) => s.id),
        }),
      ),
    ];
    for (const step of steps)
      if (step?.status !== 200) throw new Error(`could not set ${email} up: ${JSON.stringify(step?.body)}`);
    if (!(await signIn(client, email, 100_001 + i, "set-up"))) throw new Error(`${email} could not sign in`);
    const socket = client.socket();
    await connected(socket);
    agents.push({ id, client, socket });
  }

  const game = new TestClient(baseUrl);
  const players: Player[] = [];
  await inParallel(MEMBERS, 4, async (n) => {
    const email = `player${n}@soak.test`;
    await timed("member api", () =>
      game.post("/api/integration/upsert-member", memberBody(n, email, world, true), {
        csrf: false,
        headers: { authorization: `Bearer ${API_KEY}` },
      }),
    );
    players[n] = { n, email, client: null, socket: null, open: [], filedAt: [] };
  });
  return { world, agents, players };
}

function memberBody(n: number, email: string, world: World, withPassword: boolean) {
  return {
    email,
    name: `Player ${n}`,
    ...(withPassword ? { password: PASSWORD } : {}),
    characters: [{ characterName: `Hero${n}`, characterLevel: 10 + (n % 90), server: world.serverTitle }],
  };
}

const pick = <T>(list: T[]): T | undefined => list[Math.floor(Math.random() * list.length)];

function form(fields: Record<string, string | number>, files: { name: string; bytes: Buffer; type?: string }[]) {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.append(key, String(value));
  for (const file of files)
    data.append("files", new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return data;
}

/**
 * Tickets are filed through the whole run, not all in its first minute: one per player at once,
 * then at the pace the per-account limit allows over ten minutes (three per player).
 */
const filing = {
  started: 0,
  filed: 0,
  allowed(): boolean {
    const budget = MEMBERS + ((performance.now() - this.started) / 600_000) * MEMBERS * 3;
    if (this.filed >= budget) return false;
    this.filed++;
    return true;
  },
};

/** One thing a player does; a player not signed in signs in first. */
async function playerStep(baseUrl: string, player: Player, world: World): Promise<void> {
  if (!player.client) {
    const client = new TestClient(baseUrl);
    if (!(await signIn(client, player.email, player.n, "sign-in"))) return;
    player.client = client;
    const socket = client.socket();
    try {
      await connected(socket);
      player.socket = socket;
    } catch (error) {
      kind("socket connect").unanswered++;
      kind("socket connect").examples.push(String(error));
      socket.close();
    }
    return;
  }
  const client = player.client;
  const now = Date.now();
  player.filedAt = player.filedAt.filter((t) => now - t < 10 * 60_000);
  const roll = Math.random();
  const ticket = pick(player.open);
  if ((roll < 0.25 || ticket === undefined) && player.filedAt.length < 3 && filing.allowed()) {
    const files = roll < 0.08 ? [png] : roll < 0.12 ? [pdf] : [];
    const res = await timed<{ ticket_id: number }>("submit ticket", () =>
      client.post(
        "/api/tickets/submit-member-ticket",
        form(
          {
            category: pick(world.categories)!,
            server: world.serverId,
            characterName: `Hero${player.n}`,
            subject: `Soak ${player.n} ${now}`,
            description: "My items vanished after the last update, please have a look.",
            captchaToken: "",
          },
          files,
        ),
      ),
    );
    player.filedAt.push(now);
    if (res?.status === 200) {
      player.open.push(res.body.ticket_id);
      if (player.socket)
        await timedEmit("join chat", player.socket, "join_chatroom", { room_id: encodeChatId(res.body.ticket_id) });
    }
    return;
  }
  if (ticket === undefined) {
    await timed("history", () => client.post("/api/tickets/member-ticket-history", {}));
    return;
  }
  const chatId = encodeChatId(ticket);
  const gone = (status: number | undefined) => {
    // Resolved, closed by the auto-close sweep, or otherwise out of reach: the player lets it go.
    if (status !== undefined && status >= 400 && status < 500) player.open = player.open.filter((t) => t !== ticket);
  };
  if (roll < 0.5) {
    const res = await timed("chat http", () =>
      client.post("/api/new-chat-message", { chatId, message: `Still waiting on ${ticket}.` }),
    );
    gone(res?.status);
  } else if (roll < 0.7 && player.socket) {
    await timedEmit("chat socket", player.socket, "send_message", {
      messageObj: { chatId, message: `Any news on ${ticket}?` },
    });
  } else if (roll < 0.78) {
    const upload = await timed<{ fileUrls: string[] }>("upload", () =>
      client.post("/api/upload-files", form({}, [roll < 0.74 ? png : pdf])),
    );
    // Most uploads are sent; the others stay orphans for the sweep.
    if (upload?.status === 200 && roll < 0.76) {
      const res = await timed("chat http", () =>
        client.post("/api/new-chat-message", { chatId, message: "", fileUrls: upload.body.fileUrls }),
      );
      gone(res?.status);
    }
  } else if (roll < 0.9) {
    const res = await timed("fetch ticket", () =>
      client.post("/api/tickets/fetch-member-ticket", { ticket_id: ticket }),
    );
    gone(res?.status);
  } else if (roll < 0.97) {
    await timed("history", () => client.post("/api/tickets/member-ticket-history", {}));
  } else {
    await timed("sign-out", () => client.post("/auth/logout", {}));
    player.socket?.close();
    player.client = null;
    player.socket = null;
  }
}

interface ListedTicket {
  id: number;
  status: string;
  category: number;
  assignedTo: number | null;
}

/** One thing a member of staff does: look at the list, then answer, assign or resolve a ticket. */
async function agentStep(agent: Agent, agents: Agent[]): Promise<void> {
  const roll = Math.random();
  if (roll < 0.05) {
    await timed("statistics", () =>
      agent.client.get(
        `/api/stats/fetch-tickets-chronological?range=${pick(["hours_to_count", "intervals_to_count"])}`,
      ),
    );
    return;
  }
  // Answering, any ticket in reach; assigning and resolving, mostly one's own (a mod acts on those).
  const own = roll >= 0.7 && Math.random() < 0.8;
  const list = await timed<{ tickets: ListedTicket[] }>("staff search", () =>
    agent.client.post("/api/tickets/pagination-search-tickets", {
      status: pick(["ACTIVE", "NEW TICKET", "WAITING DEV"]),
      entries_per_page: 25,
      page: 1,
      default: own,
    }),
  );
  const ticket = pick(list?.body.tickets ?? []);
  if (!ticket) return;
  const chatId = encodeChatId(ticket.id);
  if (roll < 0.45) {
    await timed("staff reply http", () =>
      agent.client.post("/api/new-chat-message", { chatId, message: "Looking into it." }),
    );
  } else if (roll < 0.7) {
    await timedEmit("staff reply socket", agent.socket, "send_message", {
      messageObj: { chatId, message: "We are on it." },
    });
  } else if (roll < 0.85) {
    const colleague = pick(agents.filter((a) => a.id !== ticket.assignedTo))!;
    await timed("assign", () =>
      agent.client.post("/api/tickets/assign-ticket", {
        ticketId: ticket.id,
        devId: colleague.id,
        category: ticket.category,
      }),
    );
  } else {
    await timed("staff reply http", () => agent.client.post("/api/new-chat-message", { chatId, message: "Fixed." }));
    await timed("resolve", () =>
      agent.client.post("/api/tickets/submit-ticket-complete", {
        ticket_id: ticket.id,
        action: "RESOLVED",
        // Asked for when the player wrote last (a message that came in after the reply).
        excuse: "Fixed in the last update.",
      }),
    );
  }
}

// ---- the run

async function sweepRuns(baseUrl: string): Promise<Record<string, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const runs: Record<string, number> = {};
  for (const match of text.matchAll(/^helpdesk_sweep_runs_total\{outcome="(\w+)"\} (\d+)/gm))
    runs[match[1]!] = Number(match[2]);
  return runs;
}

async function main(): Promise<void> {
  const engine = DATABASE_URL ? "postgres" : "sqlite";
  console.log(
    `soak on ${engine}: ${MEMBERS} players (${AT_ONCE} at once), ${STAFF} staff, the game's member API, sweeps every second, for ${SECONDS} s`,
  );
  const node = await startNode();
  let largestWal = 0;
  const walFile = path.join(node.dataDir, "helpdesk.sqlite-wal");
  const watchWal = setInterval(() => {
    try {
      largestWal = Math.max(largestWal, statSync(walFile).size);
    } catch {
      // No WAL yet (or PostgreSQL).
    }
  }, 250);
  let failed = false;
  try {
    const { world, agents, players } = await setUp(node.baseUrl);
    const sweepsBefore = await sweepRuns(node.baseUrl);
    const started = performance.now();
    filing.started = started;
    const going = () => performance.now() - started < SECONDS * 1000;
    let nextPlayer = 0;
    // Players by turns: each loop takes the next free player, so none is driven twice at once.
    const busy = new Set<number>();
    const playerLoops = Array.from({ length: AT_ONCE }, async () => {
      while (going()) {
        let n = nextPlayer++ % MEMBERS;
        while (busy.has(n)) n = nextPlayer++ % MEMBERS;
        busy.add(n);
        try {
          await playerStep(node.baseUrl, players[n]!, world);
        } finally {
          busy.delete(n);
        }
      }
    });
    const agentLoops = agents.map(async (agent) => {
      while (going()) {
        await agentStep(agent, agents);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    const game = new TestClient(node.baseUrl);
    const gameLoop = (async () => {
      while (going()) {
        const n = Math.floor(Math.random() * MEMBERS);
        await timed("member api", () =>
          game.post("/api/integration/upsert-member", memberBody(n, `player${n}@soak.test`, world, false), {
            csrf: false,
            headers: { authorization: `Bearer ${API_KEY}` },
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    })();
    const progress = setInterval(() => {
      const total = [...kinds.values()].reduce((sum, k) => sum + k.latencies.length, 0);
      const errors = [...kinds.values()].reduce((sum, k) => sum + k.server + k.unanswered, 0);
      console.log(
        `  ${((performance.now() - started) / 1000).toFixed(0)} s: ${total} requests, ${errors} 5xx or unanswered`,
      );
    }, 30_000);
    await Promise.all([...playerLoops, ...agentLoops, gameLoop]);
    clearInterval(progress);
    const seconds = (performance.now() - started) / 1000;
    for (const player of players) player?.socket?.close();
    for (const agent of agents) agent.socket.close();

    const sweepsAfter = await sweepRuns(node.baseUrl);
    const sweeps = Object.fromEntries(
      Object.entries(sweepsAfter).map(([outcome, n]) => [outcome, n - (sweepsBefore[outcome] ?? 0)]),
    );

    console.log("");
    console.log(
      `${"request".padEnd(20)} ${"count".padStart(7)} ${"4xx".padStart(6)} ${"5xx".padStart(5)} ${"lost".padStart(5)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"p99 ms".padStart(8)}`,
    );
    let requests = 0;
    let serverErrors = 0;
    for (const [name, k] of [...kinds].sort(([a], [b]) => a.localeCompare(b))) {
      const sorted = [...k.latencies].sort((a, b) => a - b);
      requests += k.latencies.length + k.unanswered;
      serverErrors += k.server + k.unanswered;
      console.log(
        `${name.padEnd(20)} ${String(k.latencies.length + k.unanswered).padStart(7)} ${String(k.client).padStart(6)} ${String(k.server).padStart(5)} ${String(k.unanswered).padStart(5)} ${percentile(sorted, 50).toFixed(1).padStart(8)} ${percentile(sorted, 95).toFixed(1).padStart(8)} ${percentile(sorted, 99).toFixed(1).padStart(8)}`,
      );
      if (k.refusals.size) console.log(`    4xx: ${[...k.refusals].map(([code, n]) => `${code} ${n}`).join(", ")}`);
      for (const example of k.examples) console.log(`    ${example}`);
    }
    console.log("");
    console.log(`requests: ${requests} in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s)`);
    console.log(
      `sweep runs: ${
        Object.entries(sweeps)
          .map(([outcome, n]) => `${n} ${outcome}`)
          .join(", ") || "none"
      }`,
    );
    if (engine === "sqlite") console.log(`largest WAL: ${(largestWal / 1024 / 1024).toFixed(1)} MB`);
    console.log(`5xx or unanswered: ${serverErrors}`);
    failed = serverErrors > 0 || (sweeps.failed ?? 0) > 0 || !(sweeps.ok ?? 0);
    if (failed) {
      const errors = readFileSync(node.logFile, "utf8")
        .split("\n")
        .filter((line) => /"level":(50|60)/.test(line))
        .slice(0, 10);
      if (errors.length) console.log(`the server logged:\n${errors.join("\n")}`);
      console.log("soak: FAILED");
    } else console.log("soak: passed");
  } finally {
    clearInterval(watchWal);
    node.child.kill("SIGTERM");
    await new Promise((resolve) => node.child.once("exit", resolve));
    await node.dropSchema();
    rmSync(node.dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

await main();
