/**
 * Several nodes: two app nodes on one PostgreSQL and one Redis, as behind a balancer.
 * What one node sends reaches a user's sockets on the other (the Redis streams adapter); a session
 * ended on one node loses its sockets on every node; a socket that loses its connection and comes
 * back through the balancer to the other node recovers what it missed, exactly once. The sweeps,
 * the limits and PostgreSQL going away have suites of their own next to this one (cluster.*.test.ts).
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { TEST_DATABASE_URL, TEST_REDIS_URL } from "../test/engines.ts";
import { buildMember } from "../test/factories.ts";
import {
  caughtUp,
  connected,
  nextEvent,
  startSecondNode,
  startTestServer,
  TestClient,
  type TestServer,
} from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { TcpProxy } from "../test/tcpProxy.ts";
import { describeTwoNodes, sameSession } from "../test/twoNodes.ts";

type SecondNode = Awaited<ReturnType<typeof startSecondNode>>;

// Each node with its own pool and its own Redis clients, the sweeps on, as main.ts runs them.
describeTwoNodes("two nodes on PostgreSQL and Redis", {}, { sweeps: true }, (cluster) => {
  it("delivers what one node sends to the user's sockets on the other node", async () => {
    const [first, second] = cluster().nodes;
    const member = await buildMember(cluster().store);
    const client = await openSession(cluster(), first.client(), member);
    const socket = client.socket();
    await connected(socket);
    const got = nextEvent(socket, "number_notifications");
    second.node.ctx.realtime.toUser(member.id, "number_notifications", { unread: 7 });
    expect(await got).toEqual({ unread: 7 });
    socket.close();
  });

  it("closes on every node the sockets of a session ended on one", async () => {
    const [first, second] = cluster().nodes;
    const member = await buildMember(cluster().store);
    const client = await openSession(cluster(), first.client(), member);
    const socket = client.socket();
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    const elsewhere = sameSession(client, second.baseUrl);
    expect((await elsewhere.post("/auth/logout-everywhere", {})).status).toBe(200);
    expect(await closed).toBe("io server disconnect");
  });

  it("recovers on the other node, exactly once, what a socket missed while its connection was down", async () => {
    const [server, second] = cluster().nodes;
    const member = await buildMember(cluster().store);
    const first = { host: "127.0.0.1", port: (server.node.app.server.address() as AddressInfo).port };
    const other = { host: "127.0.0.1", port: (second.node.app.server.address() as AddressInfo).port };
    const balancer = await TcpProxy.start(first);
    try {
      const client = await openSession(cluster(), new TestClient(`http://127.0.0.1:${balancer.port}`), member);
      const socket = client.socket({ reconnection: true });
      const got: number[] = [];
      socket.on("number_notifications", ({ unread }) => got.push(unread));
      await connected(socket);
      server.node.ctx.realtime.toUser(member.id, "number_notifications", { unread: 1 });
      await vi.waitFor(() => expect(got).toEqual([1]));

      // The node's connection drops; while the client is away, the first node sends it more.
      const down = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
      balancer.cut();
      expect(await down).toBe("transport close");
      await vi.waitFor(() => expect(server.node.ctx.realtime.connectedSockets()).toBe(0));
      server.node.ctx.realtime.toUser(member.id, "number_notifications", { unread: 2 });
      server.node.ctx.realtime.toUser(member.id, "number_notifications", { unread: 3 });

      // The balancer sends the reconnecting client to the other node.
      const back = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      balancer.moveTo(other);
      await balancer.restore();
      await back;
      expect(socket.recovered).toBe(true);
      expect(second.node.ctx.realtime.connectedSockets()).toBe(1);
      await vi.waitFor(() => expect(got).toEqual([1, 2, 3]));
      // And the recovered socket is in its rooms on the new node.
      second.node.ctx.realtime.toUser(member.id, "number_notifications", { unread: 4 });
      await vi.waitFor(() => expect(got).toEqual([1, 2, 3, 4]));
      await caughtUp(socket);
      expect(got).toEqual([1, 2, 3, 4]);
      socket.close();
    } finally {
      await balancer.close();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL || !TEST_REDIS_URL)("Redis going away under two nodes", () => {
  let redis: TcpProxy;
  let server: TestServer;
  let second: SecondNode;
  beforeAll(async () => {
    const target = new URL(TEST_REDIS_URL as string);
    redis = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 6379) });
    const env = {
      REDIS_URL: redis.url(TEST_REDIS_URL as string),
      REDIS_KEY_PREFIX: `hdt${randomBytes(4).toString("hex")}:`,
    };
    server = await startTestServer("postgres", env);
    second = await startSecondNode(server);
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
    await redis?.close();
  });

  it("delivers to the node's own sockets while Redis is away, and across nodes again once it is back", async () => {
    const member = await buildMember(server.store);
    const client = await openSession(server, server.client(), member);
    const socket = client.socket();
    await connected(socket);
    const got: number[] = [];
    socket.on("number_notifications", ({ unread }) => got.push(unread));
    second.node.ctx.realtime.toUser(member.id, "number_notifications", { unread: 1 });
    await vi.waitFor(() => expect(got).toEqual([1]));

    await redis.stop();
    server.node.ctx.realtime.toUser(member.id, "number_notifications", { unread: 2 });
    await vi.waitFor(() => expect(got).toEqual([1, 2]), { timeout: 2_000 });
    expect(socket.connected).toBe(true);

    await redis.restore();
    await vi.waitFor(
      async () => {
        second.node.ctx.realtime.toUser(member.id, "number_notifications", { unread: 3 });
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(got).toContain(3);
      },
      { timeout: 15_000, interval: 300 },
    );
    socket.close();
  });
});
