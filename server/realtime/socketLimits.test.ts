/**
 * One user cannot flood the sockets: at most SOCKETS_PER_USER live sockets
 * per user, counted in the shared limits store, and inbound events limited per user over all of
 * their sockets. On this node's memory and on Redis, on both engines.
 */
import type { AddressInfo } from "node:net";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type AppNode, buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { createLimitStore, createTestStore, ENGINES, LIMIT_STORES, type TestStore } from "../test/engines.ts";
import { buildMember, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const CASES = ENGINES.flatMap((engine) => LIMIT_STORES.map((limits) => [engine, limits] as const));

/** Resolves with "connected" or the server's refusal. */
function outcome(socket: Socket): Promise<string> {
  return connected(socket).then(
    () => "connected",
    (error: Error) => error.message,
  );
}

describe.each(CASES)("socket limits per user on %s with %s limits", (engine, limits) => {
  const server = useTestServer(engine, {}, { limits });

  async function signedIn() {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    return { member, client };
  }

  it("lets one user hold 20 sockets and refuses the next ones, whoever else connects", async () => {
    const { client } = await signedIn();
    const sockets = Array.from({ length: 25 }, () => client.socket());
    const outcomes = await Promise.all(sockets.map(outcome));
    expect(outcomes.filter((o) => o === "connected")).toHaveLength(20);
    expect(outcomes.filter((o) => o !== "connected")).toEqual(Array(5).fill("too_many_sockets"));

    // Another user is not affected.
    const other = await signedIn();
    expect(await outcome(other.client.socket())).toBe("connected");

    // A closed socket gives its slot back at once.
    const open = sockets.filter((s) => s.connected);
    const gone = open[0]!.id!;
    open[0]!.close();
    await vi.waitFor(() => expect(server.node.io.of("/").sockets.has(gone)).toBe(false));
    expect(await outcome(client.socket())).toBe("connected");
    expect(await outcome(client.socket())).toBe("too_many_sockets");
    client.closeSockets();
  });

  it("limits a user's events over all of their sockets, not per socket", async () => {
    const { client } = await signedIn();
    const sockets = Array.from({ length: 5 }, () => client.socket());
    await Promise.all(sockets.map(connected));
    // Start at the beginning of a window, so that the burst falls in one or at most two windows.
    const windowMs = RATE_LIMITS.socketEvents.windowSeconds * 1000;
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs)));
    const answers = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from({ length: 30 }, () => emitWithAck<{ ok: boolean; error?: string }>(socket, "leave_chatroom", {})),
      ),
    );
    const admitted = answers.filter((a) => a.error !== "rate_limited").length;
    // 150 events from 5 sockets: a per-socket limit would let every one through.
    expect(admitted).toBeGreaterThanOrEqual(RATE_LIMITS.socketEvents.max);
    expect(admitted).toBeLessThanOrEqual(RATE_LIMITS.socketEvents.max * 2);
    expect(answers.filter((a) => a.error === "validation")).toHaveLength(admitted);
    client.closeSockets();
  });
});

describe.each(LIMIT_STORES)("sockets per user across two nodes sharing %s limits", (kind) => {
  let store: TestStore;
  const nodes: AppNode[] = [];
  const urls: string[] = [];
  beforeAll(async () => {
    store = await createTestStore("sqlite");
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: store.dataDir, CAPTCHA: "off", LOG_LEVEL: "silent" });
    // Two nodes of one help desk: one database, one limits store (Redis in production).
    const limits = createLimitStore(kind);
    for (let i = 0; i < 2; i++) {
      const node = await buildApp({ config, store, logger: false, limits });
      await node.app.listen({ port: 0, host: "127.0.0.1" });
      nodes.push(node);
      urls.push(`http://127.0.0.1:${(node.app.server.address() as AddressInfo).port}`);
    }
  });
  afterAll(async () => {
    for (const node of nodes) await node.app.close();
    await store?.close();
  });

  it("counts a user's sockets on every node together", async () => {
    const member = await buildMember(store);
    const first = new TestClient(urls[0]!);
    await first.signIn(member.email, FACTORY_PASSWORD);
    const second = new TestClient(urls[1]!);
    for (const [name, value] of first.cookies) second.cookies.set(name, value);
    const sockets = [
      ...Array.from({ length: 12 }, () => first.socket()),
      ...Array.from({ length: 12 }, () => second.socket()),
    ];
    const outcomes = await Promise.all(sockets.map(outcome));
    expect(outcomes.filter((o) => o === "connected")).toHaveLength(20);
    expect(outcomes.filter((o) => o === "too_many_sockets")).toHaveLength(4);
    first.closeSockets();
    second.closeSockets();
  });
});

describe("socket handler failures", () => {
  const server = useTestServer("sqlite");

  it("are answered `internal` and logged through the app's logger", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const socket = client.socket();
    await connected(socket);
    const logged = vi.spyOn(server.node.app.log, "error");
    vi.spyOn(server.node.ctx.limits, "consume").mockRejectedValueOnce(new Error("limits store away"));
    expect(await emitWithAck(socket, "join_chatroom", { room_id: member.id })).toEqual({
      ok: false,
      error: "internal",
    });
    expect(logged).toHaveBeenCalledWith(
      expect.objectContaining({ event: "join_chatroom", err: expect.any(Error) }),
      "socket handler failed",
    );
    // The next event goes through again.
    expect(await emitWithAck(socket, "join_chatroom", { room_id: member.id })).toEqual({ ok: true });
    vi.restoreAllMocks();
  });
});
