/**
 * `npm run bench`: hot-path figures for this node, on the embedded SQLite (or on PostgreSQL with
 * BENCH_DATABASE_URL). Prints numbers; targets are judged here, never in timed unit tests.
 *
 *   socket connect  authenticated handshakes (cookie session + CSRF + origin), N at a time
 *   pulse-check     the session lookup every page load does
 *   chat send       a staff socket send_message: stored, acknowledged, fanned out to the chat's
 *                   staff and player rooms; measured until every listener has the message
 */
import { performance } from "node:perf_hooks";
import { encodeChatId } from "../common/ticket-code.ts";
import type { TestServer } from "../server/test/server.ts";

const SOCKETS = Number(process.env.BENCH_SOCKETS ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 2000);
const CONCURRENCY = 50;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

function report(name: string, samples: number[], totalMs: number): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const rate = (samples.length / totalMs) * 1000;
  console.log(
    `${name.padEnd(16)} n=${samples.length}  p50=${percentile(sorted, 50).toFixed(2)}ms  p95=${percentile(sorted, 95).toFixed(2)}ms  p99=${percentile(sorted, 99).toFixed(2)}ms  ${rate.toFixed(0)}/s`,
  );
}

async function inBatches(count: number, work: () => Promise<number>): Promise<{ samples: number[]; totalMs: number }> {
  const samples: number[] = [];
  const started = performance.now();
  for (let done = 0; done < count; done += CONCURRENCY) {
    const batch = Array.from({ length: Math.min(CONCURRENCY, count - done) }, work);
    samples.push(...(await Promise.all(batch)));
  }
  return { samples, totalMs: performance.now() - started };
}

// The test helpers read TEST_DATABASE_URL when they load, so the engine is chosen before they do.
if (process.env.BENCH_DATABASE_URL) process.env.TEST_DATABASE_URL = process.env.BENCH_DATABASE_URL;
const { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } = await import("../server/test/factories.ts");
const { connected, emitWithAck, startTestServer } = await import("../server/test/server.ts");

async function main(): Promise<void> {
  const engine = process.env.BENCH_DATABASE_URL ? "postgres" : "sqlite";
  // One staff user opens every socket here: the per-user cap (SOCKETS_PER_USER) would refuse
  // all but 20 of them, and the bench measures the handshake, not the cap.
  const server = await startTestServer(engine, { SOCKETS_PER_USER: "1000" });
  try {
    const staff = await buildStaff(server.store, { rank: "mod" });
    const client = server.client();
    await client.signIn(staff.email, FACTORY_PASSWORD);

    const pulse = await inBatches(REQUESTS, async () => {
      const t = performance.now();
      const res = await fetch(`${server.baseUrl}/auth/pulse-check`, { headers: { cookie: client.cookieHeader() } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`pulse-check ${res.status}`);
      return performance.now() - t;
    });
    report("pulse-check", pulse.samples, pulse.totalMs);

    const heapBefore = process.memoryUsage().heapUsed;
    const sockets: ReturnType<typeof client.socket>[] = [];
    const connect = await inBatches(SOCKETS, async () => {
      const t = performance.now();
      const socket = client.socket();
      sockets.push(socket);
      await connected(socket);
      return performance.now() - t;
    });
    report("socket connect", connect.samples, connect.totalMs);
    const perSocketKb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / SOCKETS;
    console.log(
      `socket memory    ~${perSocketKb.toFixed(1)} KB heap per open socket (server and client in one process)`,
    );
    for (const s of sockets) s.close();

    await benchChat(server);
  } finally {
    await server.close();
  }
  console.log(`engine: ${engine}`);
}

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 500);
const LISTENERS = 20;
const SENDERS = 25;

/** One ticket, one staff sender, LISTENERS sockets in its rooms (the player's tabs and staff). */
async function benchChat(server: TestServer): Promise<void> {
  const member = await buildMember(server.store);
  const staff = await buildStaff(server.store, { rank: "mod" });
  const ticket = await buildTicket(server.store, { member });
  const chatId = encodeChatId(ticket.id);
  const player = server.client();
  await player.signIn(member.email, FACTORY_PASSWORD);
  const agent = server.client();
  await agent.signIn(staff.email, FACTORY_PASSWORD);
  // Senders take turns, each a staff member of its own: inbound events are limited per user
  // (20 a second), as for real clients, and one user could not send at this rate.
  const senders = await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      const colleague = await buildStaff(server.store, { rank: "mod" });
      const client = server.client();
      await client.signIn(colleague.email, FACTORY_PASSWORD);
      const socket = client.socket();
      await connected(socket);
      return socket;
    }),
  );
  const listeners = Array.from({ length: LISTENERS }, (_, i) => (i % 2 ? agent : player).socket());
  await Promise.all(listeners.map(connected));
  await Promise.all(listeners.map((l) => emitWithAck(l, "join_chatroom", { room_id: chatId })));

  const acks: number[] = [];
  const fanouts: number[] = [];
  const started = performance.now();
  for (let i = 0; i < MESSAGES; i++) {
    const t = performance.now();
    const delivered = Promise.all(
      listeners.map((l) => new Promise<void>((resolve) => l.once("new_message", () => resolve()))),
    );
    const ack = await emitWithAck<{ ok: boolean }>(senders[i % SENDERS]!, "send_message", {
      messageObj: { chatId, message: `reply ${i}` },
    });
    if (!ack.ok) throw new Error(`send_message refused: ${JSON.stringify(ack)}`);
    acks.push(performance.now() - t);
    await delivered;
    fanouts.push(performance.now() - t);
  }
  const total = performance.now() - started;
  report("chat send (ack)", acks, total);
  report(`chat fan-out x${LISTENERS}`, fanouts, total);
  for (const l of [...senders, ...listeners]) l.close();
}

await main();
