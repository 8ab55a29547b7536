/**
 * The fuzz test: malformed requests generated from the zod schema of every route and
 * socket event in server/test/accessMatrix.ts, sent over real HTTP and a real socket.io client
 * by an anonymous visitor, a temporary visitor, a member and an admin. It asserts no 5xx, that
 * every refusal says why (`detail`), that a batch of refusals writes nothing (row counts of
 * every table, the uploads folder), and that the server and its sockets stay up.
 *
 * Seeded and reproducible: the seed is printed; FUZZ_SEED, FUZZ_CASES (HTTP, default 10,000) and
 * FUZZ_SOCKET_CASES (default 600) repeat or widen a run. SQLite by default; FUZZ_ENGINES=all adds
 * PostgreSQL when TEST_DATABASE_URL is set. FUZZ_REPORT=file.json writes every request's outcome.
 */
import { writeFileSync } from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { ERRORS } from "../common/errors.ts";
import { MAX_FRAME_BYTES } from "./realtime/socketServer.ts";
import { type AccessWorld, buildAccessWorld, INTEGRATION_KEY } from "./test/accessFixtures.ts";
import { ACCESS_MATRIX, type Role, type RouteAccess, SOCKET_MATRIX, type SocketRole } from "./test/accessMatrix.ts";
import { ENGINES } from "./test/engines.ts";
import { RawHttp, type RawResponse } from "./test/fuzz/http.ts";
import {
  type Family,
  type FuzzRequest,
  type FuzzTarget,
  fieldsOf,
  generatePayload,
  generateRequest,
} from "./test/fuzz/inputs.ts";
import { Random } from "./test/fuzz/random.ts";
import { type Snapshot, snapshotter } from "./test/fuzz/snapshot.ts";
import { connected, emitWithAck, type TestClient } from "./test/server.ts";
import { openSession } from "./test/sessions.ts";
import { useTestServer } from "./test/useTestServer.ts";

const SEED = Number(process.env.FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));
const CASES = Number(process.env.FUZZ_CASES ?? 10_000);
const SOCKET_CASES = Number(process.env.FUZZ_SOCKET_CASES ?? 600);
const FUZZ_ENGINES = process.env.FUZZ_ENGINES === "all" ? ENGINES : ENGINES.filter((e) => e === "sqlite");
/** Requests in flight at once, and requests between two write checks. */
const CONCURRENCY = 8;
const BATCH = 48;
const CALLERS = ["anonymous", "temporary", "memberA", "admin"] as const satisfies readonly Role[];
const SOCKET_CALLERS = ["temporary", "memberA", "admin"] as const satisfies readonly SocketRole[];
/** Events whose acceptance may write (only these are left out of the unacknowledged ones). */
const WRITING_EVENTS = new Set([
  "send_message",
  "announcement_read",
  "messages_read",
  "user_ticket_visit",
  // notes
  "send_note",
  "edit_note",
  "delete_note",
]);
/** socket.io answers at most 20 events a second per socket; staying under it reaches the handlers. */
const SOCKET_PACE_MS = 55;

console.log(`fuzz seed ${SEED}: repeat with FUZZ_SEED=${SEED} FUZZ_CASES=${CASES} FUZZ_SOCKET_CASES=${SOCKET_CASES}`);

interface Outcome {
  index: number;
  caller: Role;
  route: string;
  family: Family;
  variant?: string;
  deep: boolean;
  engine: string;
  method: string;
  status: number;
  body: string;
  ms: number;
}

function describeOutcome(o: Outcome): string {
  return `#${o.index} ${o.caller} ${o.method} ${o.route} [${o.family}${o.variant ? `: ${o.variant}` : ""}] → ${o.status} ${o.body.slice(0, 200)}`;
}

/** Sends raw bytes with the caller's cookies and CSRF token, from one of many client addresses. */
async function send(http: RawHttp, client: TestClient, request: FuzzRequest, rng: Random): Promise<RawResponse> {
  const headers: Record<string, string> = {
    ...request.headers,
    cookie: client.cookieHeader(),
    // TRUST_PROXY is on: per-address limits see many callers, so they do not hide the handlers.
    "x-forwarded-for": `10.${rng.int(0, 255)}.${rng.int(0, 255)}.${rng.int(1, 254)}`,
  };
  if (request.method !== "GET" && client.csrf) headers["x-csrf-token"] = client.csrf;
  const body = request.method === "GET" ? undefined : request.body;
  if (body !== undefined) headers["content-length"] = String(Buffer.byteLength(body));
  // A connection the server cuts (after a 413, say) is an answer too; the server must stay up.
  return http.send(request.method, request.path, headers, body).catch((error: Error) => ({
    status: 0,
    body: `connection error: ${error.message}`,
  }));
}

function diff(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(after)
    .filter((k) => before[k] !== after[k])
    .map((k) => `${k}: ${before[k]} → ${after[k]}`);
}

describe.each(FUZZ_ENGINES)("fuzz on %s", (engine) => {
  let world: AccessWorld;
  let targets: { route: RouteAccess; targets: Partial<Record<Role, FuzzTarget>> }[];
  const outcomes: Outcome[] = [];
  const writesOnRefusal: string[] = [];
  let checkedBatches = 0;

  const server = useTestServer(engine, { INTEGRATION_API_KEY: INTEGRATION_KEY, TRUST_PROXY: "true" });
  beforeAll(async () => {
    world = await buildAccessWorld(server);
    targets = [];
    for (const route of ACCESS_MATRIX) {
      if (route.onlyWhenBuilt) continue;
      const fields = fieldsOf(route.schema);
      const perCaller: Partial<Record<Role, FuzzTarget>> = {};
      for (const caller of CALLERS) {
        const spec = await route.cases[0]!.request(world.fixtures, caller);
        const base: Record<string, unknown> =
          route.input === "params" ? {} : (spec.json ?? { ...(spec.multipart?.fields ?? {}) });
        const path = spec.path ?? route.url;
        perCaller[caller] = {
          method: route.method,
          path,
          fields: route.input === "params" ? [] : fields,
          base,
          multipart: route.multipart ?? false,
          param: route.input === "params" ? { prefix: route.url.slice(0, route.url.indexOf(":")) } : undefined,
        };
      }
      targets.push({ route, targets: perCaller });
    }
    // Reads that create a row on first use (fetch-user-preferences writes the defaults) do it
    // now, so that a GET inside a batch does not count as a write on a refusal.
    for (const { route, targets: perCaller } of targets) {
      if (route.method !== "GET") continue;
      for (const caller of CALLERS) await world.clients[caller].get(perCaller[caller]!.path);
    }
  });

  /** Gives every caller its session back when a fuzzed call ended it (logout, sign-in, look-up). */
  async function repairSessions(): Promise<void> {
    for (const caller of CALLERS) {
      const client = world.clients[caller];
      const status = (await client.get("/auth/pulse-check")).status;
      if (caller === "anonymous") {
        if (status === 200) {
          client.cookies.clear();
          await client.get("/api/config/public");
        }
        continue;
      }
      if (status === 200) continue;
      const userId = world.userIds[caller]!;
      const user = { id: userId, class: caller === "admin" ? ("dev" as const) : ("user" as const) };
      if (caller === "temporary") await openSession(server, client, user, "temp", world.fixtures.tempTicket.id);
      else await openSession(server, client, user);
    }
  }

  it(`answers ${CASES} malformed requests without a 5xx, and a refusal writes nothing`, {
    timeout: 300_000,
  }, async () => {
    const rng = new Random(SEED);
    const snapshot = await snapshotter(server);
    const http = new RawHttp(server.baseUrl, CONCURRENCY);
    const withInput = targets.filter(({ route }) => route.schema || route.method === "GET");
    const started = Date.now();
    for (let first = 0; first < CASES; first += BATCH) {
      // Cases are drawn in order from the seed, so a run is the same whatever the timing. Shallow
      // cases (refused by construction) fill batches of their own, so most batches are checked
      // for writes; deep ones may pass and reach the use cases.
      const shallow = rng.chance(0.7);
      const batch = Array.from({ length: Math.min(BATCH, CASES - first) }, (_, i) => {
        // Calls without input (logout, guest permissions) succeed whatever their body: deep batches only.
        const { route, targets: perCaller } = rng.pick(shallow ? withInput : targets);
        const caller = rng.pick(CALLERS);
        const kind = !shallow && route.method === "POST" && !route.schema ? "any" : shallow ? "shallow" : "deep";
        const request = generateRequest(perCaller[caller]!, rng, kind);
        return { index: first + i, route, caller, request, addressSeed: rng.int(0, 2 ** 30) };
      });
      await repairSessions();
      const before = await snapshot();
      const results: Outcome[] = [];
      for (let i = 0; i < batch.length; i += CONCURRENCY) {
        const slice = batch.slice(i, i + CONCURRENCY);
        results.push(
          ...(await Promise.all(
            slice.map(async ({ index, route, caller, request, addressSeed }) => {
              const sentAt = performance.now();
              const response = await send(http, world.clients[caller], request, new Random(addressSeed));
              const body = response.body;
              return {
                ms: performance.now() - sentAt,
                index,
                caller,
                route: `${route.method} ${route.url}`,
                family: request.family,
                variant: request.variant,
                engine,
                deep: request.deep,
                method: request.method,
                status: response.status,
                body,
              };
            }),
          )),
        );
      }
      outcomes.push(...results);
      if (results.every((r) => r.method === "GET" || r.status >= 400)) {
        checkedBatches++;
        const changed = diff(before, await snapshot());
        if (changed.length) {
          writesOnRefusal.push(
            `batch from #${first}: ${changed.join(", ")}; ${results
              .filter((r) => r.method !== "GET")
              .map(describeOutcome)
              .join(" | ")
              .slice(0, 2000)}`,
          );
        }
      }
    }
    http.close();
    const seconds = (Date.now() - started) / 1000;
    const byStatus = new Map<number, number>();
    for (const o of outcomes) byStatus.set(o.status, (byStatus.get(o.status) ?? 0) + 1);
    console.log(
      `fuzz ${engine}: ${outcomes.length} requests in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries(byStatus))}, ${checkedBatches} refusal-only batches checked for writes`,
    );

    if (process.env.FUZZ_REPORT) writeFileSync(process.env.FUZZ_REPORT, JSON.stringify(outcomes, null, 1));
    const serverErrors = outcomes.filter((o) => o.status >= 500 && !unbuiltPage(o));
    expect(serverErrors.map(describeOutcome).slice(0, 20), `seed ${SEED}: 5xx answers`).toEqual([]);
    const silent = outcomes.filter((o) => o.status >= 400 && !unbuiltPage(o) && !hasDetail(o.body));
    expect(silent.map(describeOutcome).slice(0, 20), `seed ${SEED}: refusals without detail`).toEqual([]);
    expect(writesOnRefusal.slice(0, 5), `seed ${SEED}: writes on refused batches`).toEqual([]);
    expect(checkedBatches, "too few refusal-only batches to say anything about writes").toBeGreaterThan(
      CASES / BATCH / 4,
    );
  });

  // A 422's detail is always a list of {loc, msg, type}.
  it("answers every 422 with a list of {loc, msg, type}", () => {
    const sentences = outcomes.filter((o) => o.status === 422 && !isIssueList(o.body));
    expect(sentences.map(describeOutcome).slice(0, 10), `seed ${SEED}`).toEqual([]);
  });

  // Causes of 5xx answers this test found once, each kept as one deterministic request.
  it("refuses a JSON body nested too deeply with 422 and detail", async () => {
    // A session of its own: the run may have signed the shared clients out.
    const client = await openSession(server, server.client(), { id: world.userIds.memberA!, class: "user" });
    const body = `{"fileUrls":${"[".repeat(100_000)}${"]".repeat(100_000)}}`;
    const http = new RawHttp(server.baseUrl, 1);
    const response = await http.send(
      "POST",
      "/api/upload-files",
      {
        "content-type": "application/json",
        "content-length": String(Buffer.byteLength(body)),
        cookie: client.cookieHeader(),
        "x-csrf-token": client.csrf ?? "",
      },
      body,
    );
    http.close();
    expect(response.status).toBe(422);
    expect(hasDetail(response.body)).toBe(true);
  });

  it("answers a URL with invalid percent-encoding, or a path parameter too long, with detail", async () => {
    const bad = await world.clients.memberA.get("/download/%ff%fe.png");
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: "bad_url" });
    const long = await world.clients.memberA.get(`/download/${"a".repeat(1000)}.png`);
    expect(long.status).toBe(414);
    expect(long.body).toMatchObject({ code: "uri_too_long" });
  });

  // A NUL in free text: PostgreSQL cannot store one (the call answered 500 there); refused on both.
  it("refuses a NUL character in text with 422, over HTTP and socket, and writes nothing", async () => {
    // A world of its own: the run may have ended ticket A.
    const fresh = await buildAccessWorld(server);
    const before = await server.store.db
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    const response = await fresh.clients.admin.post("/api/new-chat-message", {
      chatId: fresh.fixtures.ticketA.chatId,
      message: "before\u0000after",
    });
    expect(response.status).toBe(422);
    const socket = fresh.clients.admin.socket();
    await connected(socket);
    const ack = await emitWithAck<{ ok: boolean; error?: string }>(socket, "send_message", {
      messageObj: { chatId: fresh.fixtures.ticketA.chatId, message: "before\u0000after" },
    });
    expect(ack).toEqual({ ok: false, error: "validation" });
    socket.close();
    const after = await server.store.db
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("still answers HTTP and opens sockets after the run", async () => {
    await repairSessions();
    expect((await world.clients.memberA.get("/auth/pulse-check")).status).toBe(200);
    const socket = world.clients.memberA.socket();
    await connected(socket);
    const ack = await emitWithAck<{ ok: boolean }>(socket, "join_chatroom", { room_id: world.fixtures.ticketA.chatId });
    expect(ack.ok).toBe(true);
    socket.close();
  });

  it(`answers ${SOCKET_CASES} malformed socket events with an error, never "internal", and keeps the socket`, {
    timeout: 120_000,
  }, async () => {
    await repairSessions();
    const rng = new Random(SEED ^ 0x5f3759df);
    const events = SOCKET_MATRIX.map((row) => ({ row, fields: fieldsOf(row.schema) }));
    const perCaller = Math.ceil(SOCKET_CASES / SOCKET_CALLERS.length);
    // Draw every case first, so that the run does not depend on timing.
    const plans = SOCKET_CALLERS.map((caller) => ({
      caller,
      cases: Array.from({ length: perCaller }, () => {
        const { row, fields } = rng.pick(events);
        const base = row.cases[0]!.payload(world.fixtures, caller) as Record<string, unknown>;
        // A few go without an acknowledgement, only events that write nothing (see the write check).
        const silent = !WRITING_EVENTS.has(row.event) && rng.chance(0.05);
        // A frame over MAX_FRAME_BYTES closes the socket by design (socketServer.test.ts covers
        // it); the fuzz stays below it so that every case is answered.
        let payload = generatePayload(fields, base, rng);
        while (Buffer.byteLength(JSON.stringify(payload) ?? "") > MAX_FRAME_BYTES - 1024) {
          payload = generatePayload(fields, base, rng);
        }
        return { event: row.event, payload, withAck: !silent };
      }),
    }));
    const known = new Set<string>(Object.keys(ERRORS));
    const failures: string[] = [];
    const snapshot = await snapshotter(server);
    const before = await snapshot();
    const accepted = new Map<string, number>();
    await Promise.all(
      plans.map(async ({ caller, cases }) => {
        const socket = world.clients[caller].socket();
        await connected(socket);
        for (const [i, c] of cases.entries()) {
          await new Promise((r) => setTimeout(r, SOCKET_PACE_MS));
          if (!c.withAck) {
            socket.emit(c.event as never, c.payload as never);
            continue;
          }
          const ack = await emitWithAck<{ ok: boolean; error?: string }>(socket, c.event, c.payload).catch(
            (error: Error) => ({ ok: false, error: `no answer: ${error.message}` }),
          );
          if (ack?.ok) accepted.set(c.event, (accepted.get(c.event) ?? 0) + 1);
          if (!ack || (!ack.ok && (ack.error === "internal" || !known.has(String(ack.error))))) {
            failures.push(
              `${caller} ${c.event} #${i}: ${JSON.stringify(ack)} for ${JSON.stringify(c.payload)?.slice(0, 200)}`,
            );
          }
          if (!socket.connected) {
            failures.push(`${caller} ${c.event} #${i}: the socket was closed`);
            return;
          }
        }
        // The socket still works for a valid event.
        const ack = await emitWithAck<{ ok: boolean }>(socket, "leave_chatroom", {
          room_id: world.fixtures.ticketA.chatId,
        });
        if (!ack.ok) failures.push(`${caller}: a valid event after the run failed`);
        socket.close();
      }),
    );
    expect(failures.slice(0, 20), `seed ${SEED}: socket failures`).toEqual([]);
    // Refused events write nothing: every change is accounted for by an accepted event.
    const after = await snapshot();
    const sent = accepted.get("send_message") ?? 0;
    const allowance: Record<string, number> = {
      chat_messages: sent,
      // A staff reply puts the ticket in the sender's chat list; a ticket's first line starts its
      // word document (PostgreSQL's ticket_chat_words row, migration 0019).
      active_chats: sent,
      ticket_chat_words: sent,
      // A line can move its ticket's status (a staff reply: REPLIED; the player's answer: WAITING
      // DEV): the status counters take a -1 and a +1 (migration 0020).
      ticket_count_deltas: sent * 2,
      announcement_reads: accepted.get("announcement_read") ?? 0,
      // A note is a row; a message or note notifies at most the assignee and the staff it tags.
      notes: accepted.get("send_note") ?? 0,
      notifications: (sent + (accepted.get("send_note") ?? 0)) * 4,
    };
    const unexplained = Object.keys(after).filter((k) => {
      const grew = (after[k] ?? 0) - (before[k] ?? 0);
      if (k === "tickets_last_updated") return grew !== 0 && sent === 0;
      return grew < 0 || grew > (allowance[k] ?? 0);
    });
    expect(
      unexplained.map((k) => `${k}: ${before[k]} → ${after[k]}`),
      `seed ${SEED}: socket writes no accepted event explains (accepted: ${JSON.stringify(Object.fromEntries(accepted))})`,
    ).toEqual([]);
  });

  it("closes only the socket that sends an oversized frame", async () => {
    const big = world.clients.memberA.socket();
    const bystander = world.clients.admin.socket();
    await Promise.all([connected(big), connected(bystander)]);
    const closed = new Promise<string>((resolve) => big.once("disconnect", (reason) => resolve(reason)));
    big.emit("send_message", { messageObj: { chatId: world.fixtures.ticketA.chatId, message: "x".repeat(70_000) } });
    expect(await closed).toBeTruthy();
    const ack = await emitWithAck<{ ok: boolean }>(bystander, "join_chatroom", {
      room_id: world.fixtures.ticketA.chatId,
    });
    expect(ack.ok).toBe(true);
    bystander.close();
  });
});

/** Pages answer 503 with a sentence until the web app is built (npm run build): not an error here. */
function unbuiltPage(o: Outcome): boolean {
  return o.status === 503 && o.body.startsWith("The web app is not built yet");
}

function parse(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

function hasDetail(body: string): boolean {
  const parsed = parse(body) as { detail?: unknown } | undefined;
  return parsed !== undefined && parsed !== null && typeof parsed === "object" && parsed.detail !== undefined;
}

function isIssueList(body: string): boolean {
  const detail = (parse(body) as { detail?: unknown } | undefined)?.detail;
  return (
    Array.isArray(detail) &&
    detail.every((d) => d && typeof d === "object" && Array.isArray(d.loc) && typeof d.msg === "string")
  );
}
