/**
 * PostgreSQL going away under two nodes, through the relay both nodes reach it by (the
 * machine's real PostgreSQL is never restarted: other suites use it). While it is away both nodes
 * stay up, answer 503 with `detail`, say so on /readyz and keep their sockets; once it is back both
 * recover by themselves within seconds, and the conversation goes on across nodes. Once as a
 * restart that drops every connection and refuses new ones for a while, once as a server that is
 * gone altogether (its port closed) and comes back on the same address, once as a path that goes
 * silent (nothing answered, nothing reset: only the statement time limit notices).
 */

import { sql } from "kysely";
import type { Socket } from "socket.io-client";
import { afterEach, expect, it, vi } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { nowSeconds } from "../auth/tokens.ts";
import { isDatabaseUnavailable } from "../db/availability.ts";
import { buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { connected, emitWithAck, nextEvent, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { type ClusterNode, describeTwoNodes } from "../test/twoNodes.ts";

/**
 * The sweeps run through the outage too: they fail while it lasts, and act again after. A statement
 * unanswered for 3 s fails (the default is a minute), so that the silent outage is short to test.
 */
const QUERY_TIMEOUT_MS = 3_000;
const ENV = {
  SWEEP_INTERVAL_SECONDS: "0.5",
  AUTO_CLOSE_HOURS: "0.0005",
  DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
};
/** How long an outage lasts in these tests: several sweep runs and several pool connection attempts. */
const OUTAGE_MS = 1_500;
/** "Within seconds": a node must serve again this soon after the database is back. */
const RECOVERY_MS = 10_000;

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describeTwoNodes("PostgreSQL going away under two nodes", ENV, { sweeps: true }, (cluster) => {
  // A test that fails during an outage does not leave the next one without a database.
  afterEach(async () => {
    await cluster().database.restore();
  });

  interface Conversation {
    ticketId: number;
    /** The admin, signed in on the first node. */
    staff: { client: TestClient; socket: Socket };
    /** The ticket's owner, signed in on the second node. */
    player: { client: TestClient; socket: Socket };
  }

  /** A player on the second node and an admin on the first, both in the ticket's chat. */
  async function converse(): Promise<Conversation> {
    const [a, b] = cluster().nodes;
    const member = await buildMember(cluster().store);
    const ticket = await buildTicket(cluster().store, { member, status: "NEW TICKET" });
    const staffClient = await openSession(cluster(), a.client(), await buildStaff(cluster().store, { rank: "admin" }));
    const playerClient = await openSession(cluster(), b.client(), member);
    const staffSocket = staffClient.socket();
    const playerSocket = playerClient.socket();
    await Promise.all([connected(staffSocket), connected(playerSocket)]);
    for (const socket of [staffSocket, playerSocket]) {
      expect(await emitWithAck(socket, "join_chatroom", { room_id: `chat-${ticket.id}` })).toMatchObject({ ok: true });
    }
    return {
      ticketId: ticket.id,
      staff: { client: staffClient, socket: staffSocket },
      player: { client: playerClient, socket: playerSocket },
    };
  }

  /** One line from each side, each heard by the other side's socket on the other node. */
  async function talkAcross(talk: Conversation, words: string): Promise<void> {
    const chatId = encodeChatId(talk.ticketId);
    const toPlayer = nextEvent<{ message: string }>(talk.player.socket, "new_message", 8_000);
    const sent = await emitWithAck<{ ok: boolean }>(talk.staff.socket, "send_message", {
      messageObj: { chatId, message: `${words} (staff)` },
    });
    expect(sent).toMatchObject({ ok: true });
    expect((await toPlayer).message).toBe(`${words} (staff)`);

    const toStaff = nextEvent<{ message: string }>(talk.staff.socket, "new_message", 8_000);
    const answered = await talk.player.client.post("/api/new-chat-message", { chatId, message: `${words} (player)` });
    expect(answered.status).toBe(200);
    expect((await toStaff).message).toBe(`${words} (player)`);
  }

  /** What each node answers while the database is away. */
  async function expectAway(node: ClusterNode, client: TestClient, socket: Socket, ticketId: number): Promise<void> {
    const away = await client.get("/api/setup/fetch-categories");
    expect(away.status).toBe(503);
    expect(away.body).toMatchObject({ code: "database_unavailable", detail: expect.any(String) });
    expect(away.headers.get("retry-after")).toEqual(expect.any(String));
    const ready = await getJson(`${node.baseUrl}/readyz`);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({
      code: "not_ready",
      detail: expect.any(String),
      checks: { database: "unreachable", redis: "ok" },
    });
    expect((await getJson(`${node.baseUrl}/healthz`)).status).toBe(200);
    // A socket event that needs the database says why it cannot be done now; the socket stays.
    expect(await emitWithAck(socket, "join_chatroom", { room_id: `chat-${ticketId}` })).toEqual({
      ok: false,
      error: "database_unavailable",
    });
    expect(socket.connected).toBe(true);
  }

  /** Both nodes serve again, by themselves, within RECOVERY_MS of the database's return. */
  async function expectRecovered(talk: Conversation): Promise<number> {
    const back = Date.now();
    await Promise.all(
      [talk.staff, talk.player].map(({ client }) =>
        vi.waitFor(async () => expect((await client.get("/api/setup/fetch-categories")).status).toBe(200), {
          timeout: RECOVERY_MS,
          interval: 100,
        }),
      ),
    );
    const took = Date.now() - back;
    for (const node of cluster().nodes) expect((await getJson(`${node.baseUrl}/readyz`)).status).toBe(200);
    return took;
  }

  /** The sweeps ran (and failed) through the outage, and act again after it: an idle ticket closes. */
  async function expectSweepsBack(failuresBefore: number): Promise<void> {
    expect(cluster().sweepErrors.length).toBeGreaterThan(failuresBefore);
    const member = await buildMember(cluster().store);
    const ticket = await buildTicket(cluster().store, { member, status: "REPLIED", last_updated: nowSeconds() - 10 });
    await vi.waitFor(
      async () => {
        const row = await cluster()
          .store.db.selectFrom("tickets")
          .select(["status", "closed_by"])
          .where("id", "=", ticket.id)
          .executeTakeFirstOrThrow();
        expect(row).toEqual({ status: "CLOSED", closed_by: "AUTO" });
      },
      { timeout: RECOVERY_MS, interval: 100 },
    );
  }

  /**
   * The database is away from both nodes: each answers 503 and keeps its sockets through
   * OUTAGE_MS; then it comes back, and by themselves, within RECOVERY_MS, both serve, the two sides
   * talk again, and the sweeps act again.
   */
  async function awayAndBack(talk: Conversation, failuresBefore: number, words: string): Promise<void> {
    const [first, second] = cluster().nodes;
    await expectAway(first, talk.staff.client, talk.staff.socket, talk.ticketId);
    await expectAway(second, talk.player.client, talk.player.socket, talk.ticketId);
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    expect(talk.staff.socket.connected).toBe(true);
    expect(talk.player.socket.connected).toBe(true);

    await cluster().database.restore();
    expect(await expectRecovered(talk)).toBeLessThan(RECOVERY_MS);
    expect(talk.staff.socket.connected).toBe(true);
    expect(talk.player.socket.connected).toBe(true);
    await talkAcross(talk, words);
    await expectSweepsBack(failuresBefore);
    talk.staff.socket.close();
    talk.player.socket.close();
  }

  it("restarted (every connection dropped, new ones refused): 503 with detail on both, sockets kept, both recover", async () => {
    const talk = await converse();
    await talkAcross(talk, "before");
    const failures = cluster().sweepErrors.length;

    cluster().database.cut();
    await awayAndBack(talk, failures, "after the restart");
  });

  it("gone (its port closed, the pools' connections reset) and back on the same address: both nodes recover", async () => {
    const talk = await converse();
    await talkAcross(talk, "before");
    // Every node holds idle connections that the outage will break under it (a sweep under way may
    // hold them all for a moment: wait until it gives one back).
    for (const node of cluster().nodes) {
      await vi.waitFor(() => expect(node.store.poolUse?.().idle).toBeGreaterThan(0), { timeout: 5_000, interval: 20 });
    }
    const lost = cluster().nodes.map((node) => node.lost.length);
    const failures = cluster().sweepErrors.length;

    await cluster().database.stop();
    await awayAndBack(talk, failures, "after the return");
    // The pools were told their idle connections broke (told, not thrown: that would end the process).
    for (const [i, node] of cluster().nodes.entries()) expect(node.lost.length).toBeGreaterThan(lost[i]!);
  });

  it("silent (packets dropped, no reset): requests answer 503 within the statement limit, not after TCP gives up; both recover", async () => {
    const talk = await converse();
    await talkAcross(talk, "before");
    // Open connections (idle, or lent to a sweep) that the silence will swallow statements on.
    for (const node of cluster().nodes) expect(node.store.poolUse?.().total).toBeGreaterThan(0);

    cluster().database.blackhole();
    // A statement on a silent connection fails at the limit; a new connection, at the pool's connect
    // timeout (5 s). Either way an answer, where TCP alone would keep the request for many minutes.
    const answerWithin = QUERY_TIMEOUT_MS + 5_000 + 3_000;
    for (const [node, side] of [
      [cluster().nodes[0], talk.staff],
      [cluster().nodes[1], talk.player],
    ] as const) {
      const asked = Date.now();
      const away = await side.client.get("/api/setup/fetch-categories");
      expect(away.status).toBe(503);
      expect(away.body).toMatchObject({ code: "database_unavailable", detail: expect.any(String) });
      expect(Date.now() - asked).toBeLessThan(answerWithin);
      expect((await getJson(`${node.baseUrl}/readyz`)).status).toBe(503);
      const joined = await side.socket
        .timeout(answerWithin)
        .emitWithAck("join_chatroom", { room_id: `chat-${talk.ticketId}` });
      expect(joined).toEqual({ ok: false, error: "database_unavailable" });
      expect(side.socket.connected).toBe(true);
    }

    await cluster().database.restore();
    const took = await expectRecovered(talk);
    expect(took).toBeLessThan(RECOVERY_MS);
    await talkAcross(talk, "after the silence");
    talk.staff.socket.close();
    talk.player.socket.close();
  }, 60_000);

  it("a transaction under way when the database goes away fails as unavailable, and the node goes on", async () => {
    const [node] = cluster().nodes;
    // Held by the transaction between two statements, the connection is not the pool's to watch:
    // its break used to be an uncaught error, which ends a Node process.
    const failed = node.store.db
      .transaction()
      .execute(async (trx) => {
        await sql`select 1`.execute(trx);
        cluster().database.cut();
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(isDatabaseUnavailable(await failed)).toBe(true);
    await cluster().database.restore();
    const client = node.client();
    await vi.waitFor(async () => expect((await client.get("/api/setup/fetch-categories")).status).toBe(200), {
      timeout: RECOVERY_MS,
      interval: 100,
    });
  });
});
