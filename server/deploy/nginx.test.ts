/**
 * The deployment recipe, run: two real node processes (`node
 * server/main.ts`) on one PostgreSQL schema, one Redis key prefix and one shared DATA_DIR, behind a
 * real nginx running deploy/nginx.conf. Everything a client does goes through nginx, as a browser's
 * would; the nodes are asked directly only which of them holds a socket (/metrics, loopback).
 *
 * - A player and a staff member on sockets that land on different nodes chat across them.
 * - A file uploaded through nginx (bigger than nginx's default body limit) downloads from either node.
 * - The player's node is killed (SIGKILL) mid-conversation: the player's socket comes back through
 *   nginx on the other node; every send, retried under its client_id until acknowledged, is stored
 *   once; each side sees every message exactly once; every acknowledged message is in the database.
 * - The killed node, started again, is ready and takes sockets again.
 */
import { randomBytes } from "node:crypto";
import type { Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { createTestStore, TEST_DATABASE_URL, TEST_REDIS_URL, type TestStore } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { freePort, NGINX_AVAILABLE, NGINX_PATH, type RunningNginx, startNginx } from "../test/nginx.ts";
import { type NodeProcess, nodeEnv, nodeProcess } from "../test/nodeProcess.ts";
import { connected, TestClient } from "../test/server.ts";

const missing = !NGINX_AVAILABLE
  ? `no nginx at ${NGINX_PATH} (NGINX_PATH); .ci/run installs Debian's`
  : !TEST_DATABASE_URL
    ? "TEST_DATABASE_URL is not set"
    : !TEST_REDIS_URL
      ? "TEST_REDIS_URL is not set"
      : null;

/** How long to wait for what travels between processes, on a loaded machine. */
const SETTLE = { timeout: 15_000, interval: 50 };

type Line = { id: number; message: string; chatId: string; user_class: "dev" | "user" };
type Ack = { ok: boolean; data?: Line; error?: string };

/** How many sockets a node holds, from its own /metrics (loopback, no proxy: no token needed). */
async function socketsOn(node: NodeProcess): Promise<number> {
  if (!node.running()) return 0;
  const text = await (await fetch(`${node.url}/metrics`)).text();
  const line = text.split("\n").find((l) => l.startsWith("helpdesk_sockets_connected "));
  return Number(line?.split(" ")[1] ?? Number.NaN);
}

/**
 * One side of the chat as the web client behaves (web/src/features/chat/useTicketChat.ts): it joins
 * the chat's room on every connection, and when the connection was not recovered it reads the chat
 * again; lines are kept by id (mergeById). Sends carry a client_id and are retried, under the same
 * id, until acknowledged.
 */
class Party {
  readonly socket: Socket;
  /** Every new_message event by id: how many times it came live. */
  readonly live = new Map<number, number>();
  /** The chat as the client shows it, by id. */
  readonly view = new Map<number, Line>();
  connections = 0;
  #sent = 0;

  readonly client: TestClient;
  readonly chatId: string;
  readonly name: string;

  constructor(client: TestClient, chatId: string, name: string) {
    this.client = client;
    this.chatId = chatId;
    this.name = name;
    this.socket = client.socket({ reconnection: true });
    this.socket.on("new_message", (line: Line) => {
      if (line.chatId !== chatId) return;
      this.live.set(line.id, (this.live.get(line.id) ?? 0) + 1);
      this.view.set(line.id, line);
    });
    this.socket.on("connect", () => {
      this.connections++;
      // Into the room first, then read: a line stored between a read and a join would be missed.
      this.joined = this.socket
        .timeout(10_000)
        .emitWithAck("join_chatroom", { room_id: chatId, name: 0 })
        .then(() => (this.socket.recovered ? undefined : this.readChat()));
      this.joined.catch(() => {});
    });
  }

  /** Settled once the current connection is in the chat's room and has read the chat. */
  joined: Promise<void> = new Promise(() => {});

  async readChat(): Promise<void> {
    const page = await this.client.post<{ chat: Line[] }>("/api/fetch-chat", { chat_id: this.chatId, limit: 200 });
    if (page.status !== 200) return;
    for (const line of page.body.chat) this.view.set(line.id, line);
  }

  /** A new send's id and text, so that a test can start it now and retry it later. */
  nextSend(): { clientId: string; text: string } {
    this.#sent++;
    return {
      clientId: `${this.name}-${this.#sent}-${randomBytes(4).toString("hex")}`,
      text: `${this.name} #${this.#sent}`,
    };
  }

  /** One attempt: the acknowledgement, or null when none came within the time. */
  async attempt(send: { clientId: string; text: string }, timeoutMs = 3_000): Promise<Line | null> {
    try {
      const ack = (await this.socket.timeout(timeoutMs).emitWithAck("send_message", {
        messageObj: { chatId: this.chatId, message: send.text, client_id: send.clientId },
      })) as Ack;
      if (!ack.ok || !ack.data) throw new Error(`${this.name}'s send was refused: ${ack.error}`);
      this.view.set(ack.data.id, ack.data);
      return ack.data;
    } catch (error) {
      if (error instanceof Error && error.message.includes("refused")) throw error;
      return null;
    }
  }

  /** Sends until acknowledged, waiting for the connection between attempts, as a client's outbox does. */
  async deliver(send: { clientId: string; text: string }): Promise<Line> {
    for (let tries = 0; tries < 20; tries++) {
      if (!this.socket.connected) await vi.waitFor(() => expect(this.socket.connected).toBe(true), { timeout: 30_000 });
      const acked = await this.attempt(send);
      if (acked) return acked;
    }
    throw new Error(`${this.name}'s send ${send.clientId} was never acknowledged`);
  }
}

describe.skipIf(missing !== null)(`two node processes behind nginx${missing ? ` (skipped: ${missing})` : ""}`, () => {
  let store: TestStore;
  let nodes: [NodeProcess, NodeProcess];
  let nginx: RunningNginx;
  let chatId: string;
  let ticketId: number;
  let player: TestClient;
  let staff: TestClient;
  const parties: Party[] = [];

  beforeAll(async () => {
    store = await createTestStore("postgres");
    const secret = () => randomBytes(32).toString("hex");
    const env = {
      ...nodeEnv(store, TEST_DATABASE_URL as string, TEST_REDIS_URL as string, "hdn"),
      SESSION_SECRET: secret(),
      CSRF_SECRET: secret(),
      ALTCHA_HMAC_KEY: secret(),
      TRUST_PROXY: "true",
    };
    const ports = [await freePort(), await freePort()] as const;
    nodes = [nodeProcess(ports[0], env), nodeProcess(ports[1], env)];
    // One after the other, as a deployment starts them: the first one migrates and seeds.
    await nodes[0].start();
    await nodes[1].start();
    nginx = await startNginx([ports[0], ports[1]]);

    const member = await buildMember(store);
    const mod = await buildStaff(store, { rank: "mod" });
    const ticket = await buildTicket(store, { member });
    ticketId = ticket.id;
    chatId = encodeChatId(ticket.id);
    player = new TestClient(nginx.url);
    await player.signIn(member.email, FACTORY_PASSWORD);
    staff = new TestClient(nginx.url);
    await staff.signIn(mod.email, FACTORY_PASSWORD);
  }, 120_000);

  afterAll(async () => {
    for (const party of parties) party.socket.close();
    await nginx?.stop();
    for (const node of nodes ?? []) await node.stop("SIGTERM");
    await store?.close();
  }, 60_000);

  /** Which node holds the socket that just connected: the one whose count went up. */
  async function connectParty(client: TestClient, name: string): Promise<{ party: Party; node: number }> {
    const before = await Promise.all(nodes.map(socketsOn));
    const party = new Party(client, chatId, name);
    parties.push(party);
    await connected(party.socket);
    await party.joined;
    let node = -1;
    await vi.waitFor(async () => {
      const after = await Promise.all(nodes.map(socketsOn));
      node = after.findIndex((count, i) => count === (before[i] ?? 0) + 1);
      expect(node).toBeGreaterThanOrEqual(0);
    }, SETTLE);
    return { party, node };
  }

  /** Closes a party's socket and waits until no node counts it any more. */
  async function dropParty(party: Party): Promise<void> {
    party.socket.close();
    parties.splice(parties.indexOf(party), 1);
    const open = parties.filter((p) => p.socket.connected).length;
    await vi.waitFor(async () => {
      const counts = await Promise.all(nodes.map(socketsOn));
      expect(counts.reduce((a, b) => a + b, 0)).toBe(open);
    }, SETTLE);
  }

  let playerSide: { party: Party; node: number };
  let staffSide: { party: Party; node: number };

  it("spreads a player's and a staff member's sockets over both nodes, and their chat crosses them", async () => {
    playerSide = await connectParty(player, "player");
    // least_conn sends the next connection to the node with fewer; a node may still be warming up,
    // so try a few times before calling it wrong.
    for (let tries = 0; tries < 5; tries++) {
      staffSide = await connectParty(staff, "staff");
      if (staffSide.node !== playerSide.node) break;
      await dropParty(staffSide.party);
    }
    expect(staffSide.node).not.toBe(playerSide.node);

    const fromStaff = await staffSide.party.deliver(staffSide.party.nextSend());
    const fromPlayer = await playerSide.party.deliver(playerSide.party.nextSend());
    await vi.waitFor(() => {
      expect(playerSide.party.live.get(fromStaff.id)).toBe(1);
      expect(staffSide.party.live.get(fromPlayer.id)).toBe(1);
    }, SETTLE);
  }, 60_000);

  it("downloads through either node a file uploaded through nginx (the shared DATA_DIR/uploads)", async () => {
    // 3 MB: more than nginx's default client_max_body_size of 1 MB.
    const bytes = Buffer.concat([
      Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\n"),
      Buffer.from(randomBytes(1_500_000).toString("hex")),
      Buffer.from("\ntrailer<<>>\n%%EOF\n"),
    ]);
    const form = new FormData();
    form.append("files", new Blob([bytes], { type: "application/pdf" }), "receipt.pdf");
    const uploaded = await player.post<{ fileUrls: string[] }>("/api/upload-files", form);
    expect(uploaded.status).toBe(200);
    const [url] = uploaded.body.fileUrls;
    const sent = await player.post("/api/new-chat-message", { chatId, message: "the receipt", fileUrls: [url] });
    expect(sent.status).toBe(200);
    for (const node of nodes) {
      const direct = new TestClient(node.url);
      for (const [name, value] of staff.cookies) direct.cookies.set(name, value);
      const response = await fetch(`${node.url}${url}`, { headers: { cookie: direct.cookieHeader() } });
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    }
  }, 60_000);

  it("moves the sockets of a killed node to the other one through nginx, losing and doubling nothing", async () => {
    const victim = nodes[playerSide.node] as NodeProcess;
    const survivor = nodes[staffSide.node] as NodeProcess;
    const p = playerSide.party;
    const s = staffSide.party;
    const connectionsBefore = p.connections;

    // The player sends a burst and its node dies under it. The player's client gives up waiting
    // for each acknowledgement at once (as one whose connection froze would), so every send of the
    // burst is unacknowledged, and the node is killed once some are stored: those are retried
    // after their acknowledgement was lost, the others after they never arrived.
    const burst = Array.from({ length: 6 }, () => p.nextSend());
    const firstAttempts = burst.map((send) => p.attempt(send, 1));
    const storedOfBurst = async () =>
      (
        await store.db
          .selectFrom("chat_messages")
          .select("client_id")
          .where("ticket_id", "=", ticketId)
          .where(
            "client_id",
            "in",
            burst.map((send) => send.clientId),
          )
          .execute()
      ).length;
    await vi.waitFor(async () => expect(await storedOfBurst()).toBeGreaterThanOrEqual(2), {
      timeout: 20_000,
      interval: 2,
    });
    await victim.stop("SIGKILL");
    const storedBeforeRetry = await storedOfBurst();
    expect(await Promise.all(firstAttempts)).toEqual(burst.map(() => null));
    // Meanwhile the staff member, on the surviving node, goes on writing.
    const staffSends = [s.nextSend(), s.nextSend(), s.nextSend()];
    const staffAcks = await Promise.all(staffSends.map((send) => s.deliver(send)));

    // Every unacknowledged send is retried under its client_id until acknowledged.
    const burstAcks = await Promise.all(burst.map((send) => p.deliver(send)));
    expect(p.connections).toBeGreaterThan(connectionsBefore);
    expect(await socketsOn(survivor)).toBe(2);

    // And the conversation goes on.
    const after = [await p.deliver(p.nextSend()), await s.deliver(s.nextSend())];

    // Those stored before the kill were retried and found, not stored again.
    expect(storedBeforeRetry).toBeGreaterThanOrEqual(2);
    expect(await storedOfBurst()).toBe(burst.length);
    const stored = await store.db
      .selectFrom("chat_messages")
      .select(["id", "message", "client_id", "user_class"])
      .where("ticket_id", "=", ticketId)
      .where("type", "=", "message")
      .where("attachments", "=", "[]")
      .orderBy("id")
      .execute();
    // Nothing doubled: one row per send, and every send there.
    const texts = stored.map((row) => row.message);
    expect(new Set(texts).size).toBe(texts.length);
    const acked = [...burstAcks, ...staffAcks, ...after];
    for (const line of acked) expect(stored.map((row) => row.id)).toContain(line.id);
    expect(texts).toEqual(expect.arrayContaining([...burst, ...staffSends].map((send) => send.text)));
    expect(new Set(stored.map((row) => row.client_id)).size).toBe(stored.length);

    // Each side shows every stored message exactly once (the chat is kept by id, as the web's is).
    const storedIds = stored.map((row) => row.id).sort((a, b) => a - b);
    await vi.waitFor(
      () => {
        for (const party of [p, s]) {
          const shown = [...party.view.values()].filter((l) => !l.message.startsWith("the receipt")).map((l) => l.id);
          expect(shown.sort((a, b) => a - b)).toEqual(storedIds);
        }
      },
      { timeout: 10_000 },
    );
    // Live, a send that was retried may be announced twice (its first node may have died before
    // announcing it; the retry announces it again, under the same id), any other line once.
    const burstIds = new Set(burstAcks.map((l) => l.id));
    for (const party of [p, s]) {
      for (const [id, times] of party.live) {
        expect(times, `${party.name} got line ${id}`).toBeLessThanOrEqual(burstIds.has(id) ? 2 : 1);
      }
    }
  }, 90_000);

  it("takes the killed node back into rotation once it is started again", async () => {
    const victim = nodes[playerSide.node] as NodeProcess;
    await victim.start();
    expect((await fetch(`${victim.url}/readyz`)).status).toBe(200);
    // least_conn: the survivor holds two sockets, the restarted node none, so new sockets go there
    // (once nginx's 5 s fail_timeout has passed since it last failed to reach it).
    let tab: Party | null = null;
    for (const deadline = Date.now() + 30_000; !tab && Date.now() < deadline; ) {
      const { party, node } = await connectParty(player, "tab");
      if (node === playerSide.node) tab = party;
      else {
        await dropParty(party);
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    if (!tab) throw new Error("no new socket reached the restarted node within 30 s");
    const back = tab;
    const line = await staffSide.party.deliver(staffSide.party.nextSend());
    await vi.waitFor(() => expect(back.live.get(line.id)).toBe(1), SETTLE);
  }, 60_000);
});
