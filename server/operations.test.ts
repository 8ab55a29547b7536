/**
 * Operations: the balancer's /healthz and /readyz; a database or Redis that goes away and
 * comes back while the node serves (it stays up, answers 503 with `detail`, keeps its sockets, and
 * recovers by itself); and the graceful shutdown of a real process on SIGTERM. The outages are made
 * with a TCP relay in front of the real PostgreSQL and Redis (test/tcpProxy.ts).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type AppNode, buildApp } from "./app.ts";
import { loadConfig } from "./config.ts";
import { type DataStore, openDatabase } from "./db/database.ts";
import { FailoverRateLimitStore } from "./ratelimit/failover.ts";
import { RedisRateLimitStore } from "./ratelimit/redisStore.ts";
import { MemoryRateLimitStore, type RateLimitStore } from "./ratelimit/store.ts";
import { createTestStore, ENGINES, TEST_DATABASE_URL, TEST_REDIS_URL, type TestStore } from "./test/engines.ts";
import { buildStaff } from "./test/factories.ts";
import { caughtUp, connected, emitWithAck, TestClient, type TestServer } from "./test/server.ts";
import { openSession } from "./test/sessions.ts";
import { TcpProxy } from "./test/tcpProxy.ts";
import { useTestServer } from "./test/useTestServer.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.each(ENGINES)("health and readiness on %s", (engine) => {
  const server = useTestServer(engine);

  it("answers /healthz and /readyz, and /readyz turns 503 with detail once the node drains", async () => {
    expect(await getJson(`${server.baseUrl}/healthz`)).toEqual({ status: 200, body: { status: "ok" } });
    expect(await getJson(`${server.baseUrl}/readyz`)).toEqual({
      status: 200,
      body: { status: "ready", checks: { database: "ok", redis: "not_configured", node: "ok" } },
    });

    server.node.drain();
    const draining = await getJson(`${server.baseUrl}/readyz`);
    expect(draining.status).toBe(503);
    expect(draining.body).toMatchObject({ code: "not_ready", checks: { database: "ok", node: "draining" } });
    expect(draining.body.detail).toEqual(expect.any(String));
    // Alive all the same: the balancer must not kill a node that finishes its requests.
    expect((await getJson(`${server.baseUrl}/healthz`)).status).toBe(200);
  });
});

describe.each(ENGINES)("metrics on %s", (engine) => {
  const TOKEN = "metrics-token-0123456789abcdef";
  const open = useTestServer(engine);
  const guarded = useTestServer(engine, { METRICS_TOKEN: TOKEN });

  it("serves Prometheus text to a scraper on this machine: latency per route, sockets, events, event loop, pool, sweeps", async () => {
    const staff = await buildStaff(open.store, { rank: "admin" });
    const client = await openSession(open, open.client(), staff);
    const socket = client.socket();
    await connected(socket);
    await emitWithAck(socket, "get_number_of_notifications", {});
    await fetch(`${open.baseUrl}/healthz`);

    const response = await fetch(`${open.baseUrl}/metrics`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const text = await response.text();
    expect(text).toMatch(
      /helpdesk_http_request_duration_seconds_count\{method="GET",route="\/healthz",status="200"\} [1-9]/,
    );
    expect(text).toMatch(/^helpdesk_sockets_connected [1-9]/m);
    expect(text).toMatch(/helpdesk_socket_events_total\{event="get_number_of_notifications"\} 1/);
    expect(text).toContain("helpdesk_nodejs_eventloop_lag_p99_seconds");
    expect(text).toContain("# TYPE helpdesk_sweep_runs_total counter");
    if (engine === "postgres") expect(text).toMatch(/helpdesk_db_pool_connections\{state="idle"\} \d/);
    // A path no route knows is counted under one label, not one per path.
    await fetch(`${open.baseUrl}/no/such/path/${Date.now()}`);
    expect(await (await fetch(`${open.baseUrl}/metrics`)).text()).toContain('route="unmatched"');
    socket.close();
  });

  it("hides /metrics from requests that came through a proxy, and asks for the token where one is set", async () => {
    const proxied = await fetch(`${open.baseUrl}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(proxied.status).toBe(404);
    expect(await proxied.json()).toMatchObject({ code: "not_found" });

    const without = await fetch(`${guarded.baseUrl}/metrics`);
    expect(without.status).toBe(401);
    expect(await without.json()).toMatchObject({ code: "not_authenticated", detail: expect.any(String) });
    const wrong = await fetch(`${guarded.baseUrl}/metrics`, { headers: { authorization: "Bearer wrong-token" } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${guarded.baseUrl}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}`, "x-forwarded-for": "203.0.113.9" },
    });
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("helpdesk_http_request_duration_seconds");
  });
});

describe("the OpenAPI document", () => {
  const KEY = "integration-key-0123456789abcdef";
  const server = useTestServer("sqlite", { INTEGRATION_API_KEY: KEY });

  it("describes the routes from their schemas, the member API's body included, for staff and the integration", async () => {
    const staff = await buildStaff(server.store, { rank: "mod" });
    const client = await openSession(server, server.client(), staff);
    const response = await client.get("/api/docs");
    expect(response.status).toBe(200);
    const doc = response.body as {
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: unknown }> } }>>;
    };
    expect(doc.openapi).toBe("3.0.3");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/tickets/pagination-search-tickets", "/api/setup/submit-new-category", "/readyz"]),
    );
    // The web app's pages and the document itself are not API.
    expect(Object.keys(doc.paths)).not.toContain("/*");
    expect(Object.keys(doc.paths)).not.toContain("/api/docs");
    const upsert = doc.paths["/api/integration/upsert-member"]?.post?.requestBody?.content["application/json"];
    expect(upsert?.schema).toMatchObject({
      required: ["email", "name"],
      properties: { characters: { type: "array" } },
    });

    const integration = await fetch(`${server.baseUrl}/api/docs`, { headers: { authorization: `Bearer ${KEY}` } });
    expect(integration.status).toBe(200);
    expect(((await integration.json()) as { openapi: string }).openapi).toBe("3.0.3");
  });
});

/** A node on `store` and `limits` (which the caller closes), listening on a random port. */
async function startNode(
  dataDir: string,
  store: DataStore,
  limits: RateLimitStore,
): Promise<{ node: AppNode; baseUrl: string }> {
  const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, CAPTCHA: "off", LOG_LEVEL: "silent" });
  const node = await buildApp({ config, store, logger: false, limits });
  await node.app.listen({ port: 0, host: "127.0.0.1" });
  return { node, baseUrl: `http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}` };
}

describe.skipIf(!TEST_DATABASE_URL)("PostgreSQL going away and coming back", () => {
  let direct: TestStore;
  let proxy: TcpProxy;
  let store: DataStore;
  let node: AppNode;
  let baseUrl: string;
  const lost: Error[] = [];

  beforeAll(async () => {
    direct = await createTestStore("postgres");
    const target = new URL(TEST_DATABASE_URL as string);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
    store = openDatabase({
      ...direct.openOptions,
      databaseUrl: proxy.url(TEST_DATABASE_URL as string),
      onConnectionError: (error) => lost.push(error),
    });
    ({ node, baseUrl } = await startNode(direct.dataDir, store, new MemoryRateLimitStore()));
  });
  afterAll(async () => {
    await node?.app.close();
    await store?.close();
    await proxy?.close();
    await direct?.close();
  });

  it("answers 503 with detail while the database is away, keeps its sockets, and recovers by itself", async () => {
    const staff = await buildStaff(direct, { rank: "admin" });
    const client = new TestClient(baseUrl);
    await openSession({ store: direct } as TestServer, client, staff);
    const socket = client.socket();
    await connected(socket);
    expect(await emitWithAck(socket, "get_number_of_notifications", {})).toMatchObject({ ok: true });
    expect((await client.get("/api/setup/fetch-categories")).status).toBe(200);

    proxy.cut();
    const away = await client.get("/api/setup/fetch-categories");
    expect(away.status).toBe(503);
    expect(away.body).toMatchObject({ code: "database_unavailable", detail: expect.any(String) });
    expect(away.headers.get("retry-after")).toBe("5");
    const ready = await getJson(`${baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ code: "not_ready", checks: { database: "unreachable" } });
    expect((await getJson(`${baseUrl}/healthz`)).status).toBe(200);
    // The pool's idle connections broke under it: told, not thrown (which would end the process).
    await vi.waitFor(() => expect(lost.length).toBeGreaterThan(0));
    // The socket stays open; what needs the database says why it cannot be done now.
    expect(await emitWithAck(socket, "get_number_of_notifications", {})).toEqual({
      ok: false,
      error: "database_unavailable",
    });
    await caughtUp(socket);
    expect(socket.connected).toBe(true);

    await proxy.restore();
    await vi.waitFor(async () => expect((await client.get("/api/setup/fetch-categories")).status).toBe(200), {
      timeout: 15_000,
      interval: 200,
    });
    expect((await getJson(`${baseUrl}/readyz`)).status).toBe(200);
    expect(socket.connected).toBe(true);
    expect(await emitWithAck(socket, "get_number_of_notifications", {})).toMatchObject({ ok: true });
    socket.close();
  });
});

describe.skipIf(!TEST_REDIS_URL)("Redis going away and coming back", () => {
  let proxy: TcpProxy;
  let limits: FailoverRateLimitStore;
  let shared: RedisRateLimitStore;
  let witness: RedisRateLimitStore;
  const told: string[] = [];
  const prefix = `hd:test:failover:${process.pid}:${Date.now()}:`;

  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL as string);
    proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    shared = new RedisRateLimitStore(proxy.url(TEST_REDIS_URL as string), { prefix });
    witness = new RedisRateLimitStore(TEST_REDIS_URL as string, { prefix });
    limits = new FailoverRateLimitStore(shared, new MemoryRateLimitStore(), {
      onFallback: () => told.push("alone"),
      onResume: () => told.push("shared"),
    });
    await vi.waitFor(() => expect(shared.available).toBe(true));
  });
  afterAll(async () => {
    await limits?.close();
    await witness?.close();
    await proxy?.close();
  });

  it("counts alone while Redis is away, limits still in force, and shares again once it is back", async () => {
    const rule = { max: 3, windowSeconds: 600 };
    expect(await limits.consume("sign-in:x", rule)).toMatchObject({ allowed: true, count: 1 });
    expect((await witness.peek("sign-in:x", rule)).count).toBe(1);
    expect(await limits.reachable(500)).toBe(true);

    proxy.cut();
    await vi.waitFor(() => expect(shared.available).toBe(false));
    // This node's own count takes over: three allowed, the fourth refused.
    for (const count of [1, 2, 3]) {
      expect(await limits.consume("sign-in:x", rule)).toMatchObject({ allowed: true, count });
    }
    expect(await limits.consume("sign-in:x", rule)).toMatchObject({ allowed: false });
    expect(limits.alone).toBe(true);
    expect(await limits.reachable(500)).toBe(false);

    await proxy.restore();
    await vi.waitFor(() => expect(shared.available).toBe(true), { timeout: 10_000, interval: 100 });
    expect(await limits.consume("sign-in:x", rule)).toMatchObject({ allowed: true, count: 2 });
    expect((await witness.peek("sign-in:x", rule)).count).toBe(2);
    expect(limits.alone).toBe(false);
    expect(told).toEqual(["alone", "shared"]);
  });

  it("says on /readyz that Redis is away, and the node goes on serving", async () => {
    const store = await createTestStore("sqlite");
    const { node, baseUrl } = await startNode(store.dataDir, store, limits);
    try {
      expect((await getJson(`${baseUrl}/readyz`)).body).toMatchObject({ checks: { redis: "ok" } });
      proxy.cut();
      await vi.waitFor(() => expect(shared.available).toBe(false));
      const ready = await getJson(`${baseUrl}/readyz`);
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ code: "not_ready", checks: { database: "ok", redis: "unreachable" } });
      // Sign-in is limited on this node's own count meanwhile, not refused for want of Redis.
      const client = new TestClient(baseUrl);
      const refused = await client.post("/auth/login", {
        username: "nobody@example.test",
        password: "wrong-password-1",
        captchaToken: "",
      });
      expect(refused.body).toMatchObject({ code: "invalid_credentials" });
    } finally {
      await proxy.restore();
      await node.app.close();
      await store.close();
    }
  });
});

/** Sends a request whose body arrives in two parts, `pauseMs` apart; resolves with the answer. */
function slowRequest(
  url: string,
  headers: Record<string, string>,
  body: string,
  between: () => Promise<void>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      { method: "POST", headers: { ...headers, "content-length": String(Buffer.byteLength(body)) } },
      (response) => {
        let text = "";
        response.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      },
    );
    request.on("error", reject);
    const half = Math.floor(body.length / 2);
    request.write(body.slice(0, half));
    between().then(
      () => request.end(body.slice(half)),
      (error: unknown) => reject(error),
    );
  });
}

describe("graceful shutdown of a real process", () => {
  let child: ChildProcess | undefined;
  let dataDir: string;
  afterAll(() => {
    child?.kill("SIGKILL");
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("on SIGTERM stops taking connections, finishes the request under way, closes sockets recoverably and exits 0", async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), "helpdesk-shutdown-"));
    const probe = http.createServer();
    await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((resolve) => probe.close(resolve));
    const admin = { email: "admin@shutdown.test", password: "Adm1n!Str0ng#Pass" };
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      CAPTCHA: "off",
      LOG_LEVEL: "warn",
    };
    delete env.DATABASE_URL;
    delete env.REDIS_URL;
    const started = spawn(process.execPath, [path.join(ROOT, "server/main.ts")], { env, stdio: "pipe" });
    child = started;
    let output = "";
    started.stdout?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    started.stderr?.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    const exited = new Promise<number | null>((resolve) => started.once("exit", (code) => resolve(code)));
    await vi.waitFor(() => expect(output).toContain("Help desk ready"), { timeout: 60_000, interval: 100 });
    const baseUrl = `http://127.0.0.1:${port}`;

    const staff = new TestClient(baseUrl);
    expect((await staff.signIn(admin.email, admin.password)).status).toBe(200);
    const socket = staff.socket({ reconnection: false });
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

    // A sign-in whose body is still arriving when SIGTERM comes: it must be answered in full.
    const visitor = new TestClient(baseUrl);
    await visitor.get("/api/config/public");
    const answer = slowRequest(
      `${baseUrl}/auth/login`,
      {
        "content-type": "application/json",
        cookie: visitor.cookieHeader(),
        "x-csrf-token": visitor.csrf ?? "",
      },
      JSON.stringify({ username: "nobody@shutdown.test", password: "wrong-password-1", captchaToken: "" }),
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 200));
        started.kill("SIGTERM");
        // Closed as a lost transport: the client reconnects and recovers (connection-state recovery).
        expect(await closed).toBe("transport close");
        // No new connection is taken meanwhile.
        await expect(fetch(`${baseUrl}/healthz`)).rejects.toThrow();
      },
    );
    const finished = await answer;
    expect(finished.status).toBe(401);
    expect(JSON.parse(finished.body)).toMatchObject({ code: "invalid_credentials" });
    expect(await exited).toBe(0);
    child = undefined;
  }, 120_000);
});
