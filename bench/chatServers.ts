/**
 * The two servers of the chat benchmark, each run in a child process so that it has a core of its
 * own while the bench's process drives the clients (as on a 2-core machine), and so that its RSS
 * and CPU time are its own:
 *
 *   app    the help desk (real database, real sessions), with N members each holding a ticket,
 *          and S staff users; answers the cookies and CSRF tokens their sockets need. With
 *          `nodes: 2` (PostgreSQL and REDIS_URL), two app nodes in this process share the database
 *          and the Redis streams adapter: staff sockets go to the first, members to the second
 *   relay  a bare socket.io server that fans a message out to a room, no database: the baseline
 */
import { writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { Session } from "node:inspector/promises";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";

export interface ServerRequest {
  kind: "app" | "relay";
  members: number;
  staff: number;
  databaseUrl?: string;
  /** Two app nodes on one PostgreSQL and this Redis (redisUrl required). */
  nodes?: 1 | 2;
  redisUrl?: string;
}

export interface Credentials {
  cookie: string;
  csrf: string;
}

export interface ServerReady {
  /** Where staff connect. */
  baseUrl: string;
  /** Where members connect: the second node in a two-node run, else baseUrl. */
  memberBaseUrl: string;
  /** One per member: its credentials and the chat of its ticket. */
  members: (Credentials & { chatId: string })[];
  staff: Credentials[];
}

async function startRelay(request: ServerRequest): Promise<ServerReady> {
  const http = createServer();
  const io = new Server(http, { transports: ["websocket"], serveClient: false });
  let id = 0;
  io.on("connection", (socket) => {
    socket.on("join_chatroom", ({ room_id }: { room_id: string }, ack: (a: unknown) => void) => {
      void socket.join(room_id);
      ack({ ok: true });
    });
    // The same work a chat message needs, minus the database: build the message, fan it out, ack.
    socket.on("send_message", ({ messageObj }: { messageObj: { chatId: string; message: string } }, ack) => {
      const message = {
        id: ++id,
        type: "message",
        chatId: messageObj.chatId,
        ticket_id: Number(messageObj.chatId.slice(5)),
        sender_id: 1,
        sender_name: "Staff",
        user_class: "dev",
        message: messageObj.message,
        timestamp: Math.floor(Date.now() / 1000),
        attachments: [],
        reply_to: null,
        edited: false,
        deleted: false,
        completedStatus: null,
      };
      io.to(messageObj.chatId).emit("new_message", message);
      ack({ ok: true, data: message });
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  const none = { cookie: "", csrf: "" };
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    memberBaseUrl: `http://127.0.0.1:${port}`,
    members: Array.from({ length: request.members }, (_, i) => ({ ...none, chatId: `chat-${i + 1}` })),
    staff: Array.from({ length: request.staff }, () => none),
  };
}

async function startApp(request: ServerRequest): Promise<ServerReady> {
  // The test helpers read TEST_DATABASE_URL when they load, so the engine is chosen before they do.
  if (request.databaseUrl) process.env.TEST_DATABASE_URL = request.databaseUrl;
  if (request.redisUrl) process.env.TEST_REDIS_URL = request.redisUrl;
  const { encodeChatId } = await import("../common/ticket-code.ts");
  const { nowSeconds, randomToken, sha256 } = await import("../server/auth/tokens.ts");
  const { makeCsrfToken } = await import("../server/http/csrf.ts");
  const { buildMember, buildServer, buildStaff, buildTicket } = await import("../server/test/factories.ts");
  const { startSecondNode, startTestServer } = await import("../server/test/server.ts");
  const twoNodes = request.nodes === 2;
  if (twoNodes && (!request.databaseUrl || !request.redisUrl)) throw new Error("two nodes need PostgreSQL and Redis");
  const env: Record<string, string> = twoNodes
    ? { REDIS_URL: request.redisUrl as string, REDIS_KEY_PREFIX: `hdbench${process.pid}:` }
    : {};
  const server = await startTestServer(
    request.databaseUrl ? "postgres" : "sqlite",
    env,
    twoNodes ? { limits: "redis" } : {},
  );
  const second = twoNodes ? await startSecondNode(server) : null;
  const { db } = server.store;
  const secret = server.node.ctx.config.secrets.csrf;
  const now = nowSeconds();
  // Sessions are written directly: signing in 1,000 accounts would spend the set-up on argon2.
  async function credentials(userId: number): Promise<Credentials> {
    const token = randomToken(32);
    const id = sha256(token);
    await db
      .insertInto("sessions")
      .values({ id, user_id: userId, kind: "user", created_at: now, last_seen_at: now, expires_at: now + 86_400 })
      .execute();
    return { cookie: `hd_session=${token}`, csrf: makeCsrfToken(secret, `session:${id}`) };
  }
  const world = await buildServer(server.store);
  const members: ServerReady["members"] = [];
  for (let i = 0; i < request.members; i++) {
    const member = await buildMember(server.store, { characters: [{ serverId: world.id }] });
    // Conversations under way: a staff reply leaves REPLIED as it is, so no reply pings every
    // staff socket (the senders sit in the staff room, and this thread would measure that flood).
    const ticket = await buildTicket(server.store, { member, created_at: now - 86_400 - i, status: "REPLIED" });
    members.push({ ...(await credentials(member.id)), chatId: encodeChatId(ticket.id) });
  }
  const staff: Credentials[] = [];
  for (let i = 0; i < request.staff; i++) {
    const user = await buildStaff(server.store, { rank: "dev" });
    staff.push(await credentials(user.id));
  }
  return { baseUrl: server.baseUrl, memberBaseUrl: second?.baseUrl ?? server.baseUrl, members, staff };
}

let profiler: Session | null = null;

/** BENCH_CHAT_PROFILE: a CPU profile of this server thread over the measured steps only. */
async function profile(writeTo: string | null): Promise<void> {
  if (writeTo === null) {
    profiler = new Session();
    profiler.connect();
    await profiler.post("Profiler.enable");
    await profiler.post("Profiler.start");
    process.send?.({ profiling: true });
    return;
  }
  if (!profiler) return;
  const { profile: taken } = await profiler.post("Profiler.stop");
  writeFileSync(writeTo, JSON.stringify(taken));
  profiler.disconnect();
  profiler = null;
  process.send?.({ profiling: false });
}

if (process.send && process.env.BENCH_CHAT_SERVER) {
  const request = JSON.parse(process.env.BENCH_CHAT_SERVER) as ServerRequest;
  const ready = await (request.kind === "relay" ? startRelay(request) : startApp(request));
  process.send(ready);
  process.on("message", (ask: unknown) => {
    // CPU time of this process: what a message costs the server, however busy the machine is.
    if (ask === "cpu") {
      const { user, system } = process.cpuUsage();
      process.send?.({ cpuMicros: user + system });
    }
    // Resident memory, after a collection when the bench asks for it (the hold mode).
    if (ask === "memory") {
      (globalThis as { gc?: () => void }).gc?.();
      const { rss, heapUsed, external } = process.memoryUsage();
      process.send?.({ rss, heapUsed, external });
    }
    if (typeof ask === "object" && ask !== null && "profile" in ask) void profile(ask.profile as string | null);
  });
}
