/**
 * `npm run bench:chat`: the chat hot path under load, against a bare socket.io relay measured in
 * the same run. N signed-in members sit on their ticket chats (one socket each); staff send to
 * those chats at fixed offered rates, round-robin over the tickets. For each rate: messages
 * delivered per second and the latency from a staff emit to the member's new_message
 * (p50/p95/p99), for the help desk and for the relay, and the help desk's figures as ratios of the
 * relay's. Each server runs in a child process, the clients in this one (a 2-core machine's split).
 *
 *   BENCH_DATABASE_URL     PostgreSQL instead of the embedded SQLite
 *   BENCH_CHAT_MEMBERS     member sockets (default 1000)
 *   BENCH_CHAT_RATES       offered msg/s, comma-separated (default 100,300,1000,3000)
 *   BENCH_CHAT_SECONDS     seconds of sending per rate (default 3)
 *   BENCH_CHAT_PROFILE     a path: the help desk server's CPU profile over the reported steps
 *                          (`<path>.<rate>.cpuprofile`, for Chrome's DevTools)
 *   BENCH_CHAT_NODES=2     two help desk nodes on PostgreSQL (BENCH_DATABASE_URL) and Redis
 *                          (REDIS_URL) with the streams adapter: staff send on the first node,
 *                          members listen on the second, so every message crosses Redis
 *   BENCH_CHAT_HOLD=N      no chat test: N signed-in members connect, join their chats and stay;
 *                          the server's RSS is printed before and with them
 *
 * Also printed: the server process's CPU time per delivered message, which holds still on a busy
 * machine where latencies do not.
 */
import { type ChildProcess, fork } from "node:child_process";
import { performance } from "node:perf_hooks";
import { io as connectSocket, type Socket } from "socket.io-client";
import type { ServerReady, ServerRequest } from "./chatServers.ts";

const MEMBERS = Number(process.env.BENCH_CHAT_MEMBERS ?? 1000);
const RATES = (process.env.BENCH_CHAT_RATES ?? "100,300,1000,3000").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_CHAT_SECONDS ?? 3);
/** Longest wait for stragglers after a step; what has not arrived by then counts as lost. */
const DRAIN_MS = 3000;
/** A socket may send 20 events a second: enough senders that none is throttled at the top rate. */
const PER_SENDER = 12;
const STAFF = Math.ceil(Math.max(...RATES) / PER_SENDER);
const NODES = process.env.BENCH_CHAT_NODES === "2" ? 2 : 1;
const HOLD = Number(process.env.BENCH_CHAT_HOLD ?? 0);

interface StepResult {
  rate: number;
  sent: number;
  delivered: number;
  refused: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Server thread CPU microseconds per delivered message. */
  cpuPerMessage: number;
}

function startServer(request: ServerRequest): Promise<{ ready: ServerReady; worker: ChildProcess }> {
  // --expose-gc: the hold mode reads the RSS after a collection, not whatever garbage is about.
  const worker = fork(new URL("./chatServers.ts", import.meta.url), [], {
    env: { ...process.env, BENCH_CHAT_SERVER: JSON.stringify(request) },
    execArgv: [...process.execArgv, "--expose-gc"],
  });
  return new Promise((resolve, reject) => {
    worker.once("message", (ready: ServerReady) => resolve({ ready, worker }));
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the server exited with code ${code}`)));
  });
}

function ask<T>(worker: ChildProcess, question: unknown): Promise<T> {
  return new Promise((resolve) => {
    worker.once("message", (answer: T) => resolve(answer));
    worker.send(question as never);
  });
}

async function serverCpu(worker: ChildProcess): Promise<number> {
  return (await ask<{ cpuMicros: number }>(worker, "cpu")).cpuMicros;
}

/** Starts (null) or stops and writes (a path) the server's CPU profile. */
async function serverProfile(worker: ChildProcess, writeTo: string | null): Promise<void> {
  await ask(worker, { profile: writeTo });
}

function socketFor(baseUrl: string, cookie: string, csrf: string): Socket {
  return connectSocket(baseUrl, {
    path: "/socket.io",
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: cookie ? { cookie } : {},
    auth: { csrf },
  });
}

function connected(socket: Socket): Promise<void> {
  return new Promise((resolve, reject) => {
    if (socket.connected) return resolve();
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(label: string, request: ServerRequest): Promise<StepResult[]> {
  const { ready, worker } = await startServer(request);
  // Sockets are opened batch by batch: a thousand handshakes at once would time out.
  const members = ready.members.map((m) => ({ ...m, socket: null as unknown as Socket }));
  const senders: Socket[] = [];
  let sentAt = new Map<number, number>();
  let latencies: number[] = [];
  let lastDelivery = 0;
  try {
    await inBatches(members, 50, async (m) => {
      m.socket = socketFor(ready.memberBaseUrl, m.cookie, m.csrf);
      await connected(m.socket);
      const ack = await m.socket.timeout(10_000).emitWithAck("join_chatroom", { room_id: m.chatId });
      if (!(ack as { ok: boolean }).ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
      m.socket.on("new_message", (message: { message: string }) => {
        const started = sentAt.get(Number(message.message.slice(1)));
        if (started === undefined) return;
        lastDelivery = performance.now();
        latencies.push(lastDelivery - started);
      });
    });
    await inBatches(ready.staff, 50, async (s) => {
      const socket = socketFor(ready.baseUrl, s.cookie, s.csrf);
      senders.push(socket);
      await connected(socket);
    });

    const results: StepResult[] = [];
    let seq = 0;
    // A short warm-up at the lowest rate, not reported: JIT, statement caches, pools.
    for (const [rate, seconds, report] of [
      [RATES[0]!, 1, false],
      ...RATES.map((r) => [r, SECONDS, true] as const),
    ] as const) {
      sentAt = new Map();
      latencies = [];
      let sent = 0;
      let refused = 0;
      const refusals = new Map<string, number>();
      const profilePath = report && label === "helpdesk" ? process.env.BENCH_CHAT_PROFILE : undefined;
      if (profilePath) await serverProfile(worker, null);
      const cpuBefore = await serverCpu(worker);
      const started = performance.now();
      const endAt = started + seconds * 1000;
      // Open loop: the offered rate does not slow down when the server does.
      while (performance.now() < endAt) {
        const due = Math.floor(((performance.now() - started) / 1000) * rate);
        for (; sent < due; sent++) {
          const n = ++seq;
          const member = members[n % members.length]!;
          const sender = senders[n % senders.length]!;
          sentAt.set(n, performance.now());
          sender.emit("send_message", { messageObj: { chatId: member.chatId, message: `m${n}` } }, (ack: unknown) => {
            const answer = ack as { ok: boolean; error?: string };
            if (answer.ok) return;
            refused++;
            refusals.set(answer.error ?? "?", (refusals.get(answer.error ?? "?") ?? 0) + 1);
          });
        }
        await sleep(2);
      }
      const deadline = performance.now() + DRAIN_MS;
      while (latencies.length + refused < sent && performance.now() < deadline) await sleep(10);
      const cpu = (await serverCpu(worker)) - cpuBefore;
      if (profilePath) await serverProfile(worker, `${profilePath}.${rate}.cpuprofile`);
      if (!report) continue;
      const sorted = [...latencies].sort((a, b) => a - b);
      const elapsed = Math.max(lastDelivery, endAt) - started;
      results.push({
        rate,
        sent,
        delivered: latencies.length,
        refused,
        perSecond: (latencies.length / elapsed) * 1000,
        p50: percentile(sorted, 50),
        p95: percentile(sorted, 95),
        p99: percentile(sorted, 99),
        cpuPerMessage: cpu / Math.max(1, latencies.length),
      });
      console.log(
        `${label.padEnd(9)} ${String(rate).padStart(5)} msg/s offered: ${results.at(-1)!.perSecond.toFixed(0).padStart(5)}/s delivered (${latencies.length}/${sent}${refused ? `, ${refused} refused: ${[...refusals].map(([code, n]) => `${code} ${n}`).join(", ")}` : ""})  p50=${sorted.length ? percentile(sorted, 50).toFixed(2) : "-"}ms  p95=${sorted.length ? percentile(sorted, 95).toFixed(2) : "-"}ms  p99=${sorted.length ? percentile(sorted, 99).toFixed(2) : "-"}ms  cpu=${results.at(-1)!.cpuPerMessage.toFixed(0)}µs/msg`,
      );
      // Let a saturated server finish its backlog before the next step.
      await sleep(500);
    }
    return results;
  } finally {
    for (const s of [...senders, ...members.map((m) => m.socket)]) s?.close();
    worker.kill();
  }
}

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** BENCH_CHAT_HOLD: N signed-in members connect, join their chats and stay; the server's RSS. */
async function hold(): Promise<void> {
  const engine = process.env.BENCH_DATABASE_URL ? "postgres" : "sqlite";
  console.log(`chat bench, hold: ${HOLD} signed-in member sockets on one node, ${engine}`);
  const { ready, worker } = await startServer({
    kind: "app",
    members: HOLD,
    staff: 0,
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
  });
  type Memory = { rss: number; heapUsed: number; external: number };
  const sockets: Socket[] = [];
  try {
    const before = await ask<Memory>(worker, "memory");
    const started = performance.now();
    await inBatches(ready.members, 50, async (m) => {
      const socket = socketFor(ready.memberBaseUrl, m.cookie, m.csrf);
      sockets.push(socket);
      await connected(socket);
      const ack = await socket.timeout(30_000).emitWithAck("join_chatroom", { room_id: m.chatId });
      if (!(ack as { ok: boolean }).ok) throw new Error(`join refused: ${JSON.stringify(ack)}`);
    });
    const seconds = (performance.now() - started) / 1000;
    // A while connected, so that the session sweep and the slot renewal have run over them all.
    await sleep(25_000);
    const after = await ask<Memory>(worker, "memory");
    const open = sockets.filter((s) => s.connected).length;
    console.log(`connected and joined: ${open}/${HOLD} in ${seconds.toFixed(0)} s`);
    console.log(
      `server RSS: ${megabytes(before.rss)} before, ${megabytes(after.rss)} holding them (heap ${megabytes(after.heapUsed)}, external ${megabytes(after.external)}); ${((after.rss - before.rss) / HOLD / 1024).toFixed(1)} KB per socket`,
    );
  } finally {
    for (const s of sockets) s.close();
    worker.kill();
  }
}

async function main(): Promise<void> {
  if (HOLD > 0) return hold();
  const engine = process.env.BENCH_DATABASE_URL ? "postgres" : "sqlite";
  const where = NODES === 2 ? ", two nodes with the Redis adapter (staff on one, members on the other)" : "";
  console.log(
    `chat bench: ${MEMBERS} member sockets, ${STAFF} staff senders, ${SECONDS} s per rate, ${engine}${where}`,
  );
  const relay = await measure("relay", { kind: "relay", members: MEMBERS, staff: STAFF });
  const app = await measure("helpdesk", {
    kind: "app",
    members: MEMBERS,
    staff: STAFF,
    ...(process.env.BENCH_DATABASE_URL ? { databaseUrl: process.env.BENCH_DATABASE_URL } : {}),
    ...(NODES === 2 ? { nodes: 2 as const, redisUrl: process.env.REDIS_URL ?? "" } : {}),
  });
  console.log("\nhelpdesk / relay (delivered/s: higher is better; latency: lower is better)");
  console.log(
    `offered  ${"delivered/s".padEnd(22)}  ${"p50 ms".padEnd(22)}${"p95 ms".padEnd(22)}${"p99 ms".padEnd(22)}server µs/msg`,
  );
  for (const [i, a] of app.entries()) {
    const r = relay[i]!;
    const cell = (x: number, y: number, digits = 1) =>
      `${x.toFixed(digits)}/${y.toFixed(digits)} x${(x / y).toFixed(2)}`.padEnd(22);
    console.log(
      `${String(a.rate).padStart(7)}  ${cell(a.perSecond, r.perSecond, 0)}  ${cell(a.p50, r.p50)}${cell(a.p95, r.p95)}${cell(a.p99, r.p99)}${cell(a.cpuPerMessage, r.cpuPerMessage, 0)}`,
    );
  }
  console.log(`engine: ${engine}${where}`);
}

await main();
