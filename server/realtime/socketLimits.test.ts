/**
 * One user cannot flood the sockets (issue 6, finding 7): at most SOCKETS_PER_USER live sockets
 * per user, counted in the shared limits store, and inbound events limited per user over all of
 * their sockets. On this node's memory and on Redis, on both engines.
 */
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENGINES, LIMIT_STORES } from "../test/engines.ts";
import { buildMember, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, startTestServer, type TestServer } from "../test/server.ts";
import { SOCKET_EVENT_RULE } from "./socketServer.ts";

const CASES = ENGINES.flatMap((engine) => LIMIT_STORES.map((limits) => [engine, limits] as const));

/** Resolves with "connected" or the server's refusal. */
function outcome(socket: Socket): Promise<string> {
  return connected(socket).then(
    () => "connected",
    (error: Error) => error.message,
  );
}

describe.each(CASES)("socket limits per user on %s with %s limits", (engine, limits) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, {}, { limits });
  });
  afterAll(async () => {
    await server?.close();
  });

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
    const closed = new Promise((resolve) => setTimeout(resolve, 200));
    open[0]!.close();
    await closed;
    expect(await outcome(client.socket())).toBe("connected");
    expect(await outcome(client.socket())).toBe("too_many_sockets");
    client.closeSockets();
  });

  it("limits a user's events over all of their sockets, not per socket", async () => {
    const { client } = await signedIn();
    const sockets = Array.from({ length: 5 }, () => client.socket());
    await Promise.all(sockets.map(connected));
    // Start at the beginning of a window, so that the burst falls in one or at most two windows.
    const windowMs = SOCKET_EVENT_RULE.windowSeconds * 1000;
    await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs)));
    const answers = await Promise.all(
      sockets.flatMap((socket) =>
        Array.from({ length: 30 }, () => emitWithAck<{ ok: boolean; error?: string }>(socket, "leave_chatroom", {})),
      ),
    );
    const admitted = answers.filter((a) => a.error !== "rate_limited").length;
    // 150 events from 5 sockets: a per-socket limit would let every one through.
    expect(admitted).toBeGreaterThanOrEqual(SOCKET_EVENT_RULE.max);
    expect(admitted).toBeLessThanOrEqual(SOCKET_EVENT_RULE.max * 2);
    expect(answers.filter((a) => a.error === "validation")).toHaveLength(admitted);
    client.closeSockets();
  });
});
