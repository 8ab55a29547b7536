/**
 * The one ticket reference ("Find my ticket" takes the ticket number the
 * visitor was shown, with or without "#", and still the id), and reply signals outside the open
 * ticket (unread counts kept server-side, live to the ticket's own player only), on both engines.
 */
import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { buildTicketWorld, form, type TicketWorld, temporaryTicketFields } from "../test/playerTickets.ts";
import { caughtUp, connected, emitWithAck, nextEvent, type TestClient } from "../test/server.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const SUBMIT = "/api/tickets/submit-temporary-ticket";
const SEARCH = "/api/tickets/search-ticket-temporary";

let address = 0;
function fromNewAddress(): Record<string, string> {
  address++;
  return { "x-forwarded-for": `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}` };
}

/** Collects every event of one name a socket receives, to assert that none came. */
function collect(socket: Socket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

/** The next `event` whose payload passes `match` (a write may cause several signals). */
function eventWhere<T>(socket: Socket, event: string, match: (payload: T) => boolean, timeoutMs = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no matching ${event} within ${timeoutMs} ms`)), timeoutMs);
    const listener = (payload: T) => {
      if (!match(payload)) return;
      clearTimeout(timer);
      socket.off(event, listener);
      resolve(payload);
    };
    socket.on(event, listener);
  });
}

async function staffReply(agent: TestClient, chatId: string, message: string) {
  const socket = agent.socket();
  await connected(socket);
  const ack = await emitWithAck<{ ok: boolean }>(socket, "send_message", { messageObj: { chatId, message } });
  expect(ack.ok).toBe(true);
  socket.close();
}

describe.each(ENGINES)("ticket reference and reply signals on %s", (engine) => {
  let world: TicketWorld;
  const server = useTestServer(engine, { TRUST_PROXY: "true" });
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  it("shows the visitor the ticket number on filing, and Find my ticket takes it with or without #, and the id", async () => {
    const headers = fromNewAddress();
    const email = `ref${address}@example.test`;
    const filed = await server.client().post(SUBMIT, form(temporaryTicketFields(world, { email })), { headers });
    expect(filed.status).toBe(200);
    const stored = await server.store.db
      .selectFrom("tickets")
      .select(["id", "created_at"])
      .where("id", "=", filed.body.ticket_id as number)
      .executeTakeFirstOrThrow();
    expect(filed.body.ticket_number).toBe(stored.created_at);
    expect(stored.created_at).not.toBe(stored.id);

    for (const reference of [
      `#${stored.created_at}`,
      String(stored.created_at),
      ` # ${stored.created_at} `,
      stored.id,
    ]) {
      const found = await server.client().post(SEARCH, form({ ticket_id: reference, email }), { headers });
      expect(found.status, `reference ${reference}`).toBe(200);
      expect((found.body.ticket as { id: number }).id).toBe(stored.id);
      expect((found.body.ticket as { createdAt: number }).createdAt).toBe(stored.created_at);
    }
    // The number with another e-mail, and a malformed reference, find nothing.
    const wrong = await server
      .client()
      .post(SEARCH, form({ ticket_id: `#${stored.created_at}`, email: "x@example.test" }), { headers });
    expect(wrong.status).toBe(404);
    expect(wrong.body.code).toBe("ticket_not_found");
    const malformed = await server.client().post(SEARCH, form({ ticket_id: "#12a", email }), { headers });
    expect(malformed.status).toBe(422);
  });

  it("still locks out an address after too many wrong references, the number form included", async () => {
    const headers = fromNewAddress();
    const email = `lock${address}@example.test`;
    const filed = await server.client().post(SUBMIT, form(temporaryTicketFields(world, { email })), { headers });
    const number = filed.body.ticket_number as number;
    for (let i = 0; i < RATE_LIMITS.temporaryLookup.max; i++) {
      const miss = await server
        .client()
        .post(SEARCH, { ticket_id: `#${number}`, email: `no${i}@example.test` }, { headers });
      expect(miss.status).toBe(404);
    }
    const locked = await server.client().post(SEARCH, { ticket_id: `#${number}`, email }, { headers });
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe("ticket_lookup_locked");
  });

  it("counts a member's unread staff replies per ticket, keeps them across requests, and clears them when the chat is read", async () => {
    const { member, ticket, player, agent, chatId } = await setup();
    // Newer, but untouched since long before the replies below.
    const quiet = await buildTicket(server.store, { member, last_updated: ticket.created_at - 3600 });
    await staffReply(agent, chatId, "First answer");
    await staffReply(agent, chatId, "Second answer");

    const unread = await player.get("/api/tickets/player-unread");
    expect(unread.status).toBe(200);
    expect(unread.body).toMatchObject({
      unread_total: 2,
      tickets: [{ ticket_id: ticket.id, ticket_number: ticket.created_at, unread: 2, status: "REPLIED" }],
    });
    const history = await player.post("/api/tickets/member-ticket-history", {});
    const rows = history.body.tickets as { id: number; unread: number }[];
    // Last activity first: the answered ticket is on top although the quiet one is newer.
    expect(rows.map((r) => [r.id, r.unread])).toEqual([
      [ticket.id, 2],
      [quiet.id, 0],
    ]);
    const recent = await player.get("/api/tickets/member-recent-tickets");
    expect((recent.body.tickets as { id: number; unread: number }[])[0]).toMatchObject({ id: ticket.id, unread: 2 });

    const socket = player.socket();
    await connected(socket);
    await emitWithAck(socket, "join_chatroom", { room_id: member.id, name: member.id });
    const cleared = nextEvent(socket, "player_ticket_signal");
    expect(await emitWithAck(socket, "messages_read", { chat_id: chatId })).toEqual({ ok: true });
    expect(await cleared).toMatchObject({ ticket_id: ticket.id, unread: 0, unread_total: 0, reply: false });
    expect((await player.get("/api/tickets/player-unread")).body).toEqual({ unread_total: 0, tickets: [] });
  });

  it("signals a staff reply live to the ticket's player only, with unread, status and last update", async () => {
    const { member, ticket, player, agent, chatId } = await setup();
    const other = await buildMember(server.store);
    const otherClient = server.client();
    await otherClient.signIn(other.email, FACTORY_PASSWORD);
    const mine = player.socket();
    const theirs = otherClient.socket();
    await Promise.all([connected(mine), connected(theirs)]);
    // The web client joins its own user room on connect; the other player tries to join ours.
    await emitWithAck(mine, "join_chatroom", { room_id: member.id, name: member.id });
    await emitWithAck(theirs, "join_chatroom", { room_id: other.id, name: other.id });
    expect(await emitWithAck(theirs, "join_chatroom", { room_id: member.id, name: other.id })).toEqual({
      ok: false,
      error: "forbidden",
    });
    const leaked = collect(theirs, "player_ticket_signal");

    const heard = nextEvent<Record<string, unknown>>(mine, "player_ticket_signal");
    await staffReply(agent, chatId, "We are on it.");
    const signal = await heard;
    const stored = await server.store.db
      .selectFrom("tickets")
      .select(["status", "last_updated"])
      .where("id", "=", ticket.id)
      .executeTakeFirstOrThrow();
    expect(signal).toEqual({
      ticket_id: ticket.id,
      ticket_number: ticket.created_at,
      fetch_code: expect.any(String),
      status: stored.status,
      lastUpdated: stored.last_updated,
      unread: 1,
      unread_total: 1,
      reply: true,
    });
    // Staff-only data never rides along.
    expect(Object.keys(signal)).not.toContain("assignedTo");

    // A status change without a message is signalled too (not as a reply).
    const hold = eventWhere<Record<string, unknown>>(mine, "player_ticket_signal", (p) => p.status === "ON HOLD");
    const held = await agent.post("/api/tickets/put-ticket-on-hold", { ticket_id: ticket.id });
    expect(held.status).toBe(200);
    expect(await hold).toMatchObject({ ticket_id: ticket.id, status: "ON HOLD", reply: false, unread: 1 });

    // Each signal went to the member's room in one emit: had the other player's socket been in
    // it, the signals would be on that connection ahead of this round trip's answer.
    await caughtUp(theirs);
    expect(leaked).toEqual([]);
  });

  it("ends a burst of staff replies with the final counts over all of the player's tickets, in order, never more signals than replies", async () => {
    const { member, ticket, player, agent, chatId } = await setup();
    // Already answered: a reply keeps the status, so each reply is one event (no status change).
    await server.store.db.updateTable("tickets").set({ status: "REPLIED" }).where("id", "=", ticket.id).execute();
    const earlier = await buildTicket(server.store, { member, status: "REPLIED" });
    const mine = player.socket();
    await connected(mine);
    await emitWithAck(mine, "join_chatroom", { room_id: member.id, name: member.id });
    const earlierSignal = eventWhere<{ ticket_id: number }>(
      mine,
      "player_ticket_signal",
      (p) => p.ticket_id === earlier.id,
    );
    await staffReply(agent, encodeChatId(earlier.id), "An older answer");
    await earlierSignal;
    const signals = collect(mine, "player_ticket_signal") as { unread: number; unread_total: number; reply: boolean }[];

    const burst = 8;
    const socket = agent.socket();
    await connected(socket);
    const last = eventWhere<{ unread: number }>(mine, "player_ticket_signal", (p) => p.unread === burst);
    const acks = await Promise.all(
      Array.from({ length: burst }, (_, i) =>
        emitWithAck<{ ok: boolean }>(socket, "send_message", { messageObj: { chatId, message: `Answer ${i}` } }),
      ),
    );
    expect(acks.every((ack) => ack.ok)).toBe(true);
    expect(await last).toMatchObject({ unread: burst, unread_total: burst + 1, reply: true });
    // The player reads the chat: its signal leaves after every signal of the burst (one ticket's
    // signals leave one at a time, in order), so the burst's are all in before it.
    const cleared = eventWhere<{ unread: number }>(mine, "player_ticket_signal", (p) => p.unread === 0);
    expect(await emitWithAck(mine, "messages_read", { chat_id: chatId })).toEqual({ ok: true });
    await cleared;
    const ofBurst = signals.slice(
      0,
      signals.findIndex((s) => s.unread === 0),
    );
    // A signal waiting for its turn covers the replies that came meanwhile; counts never go back.
    expect(ofBurst.length).toBeGreaterThan(0);
    expect(ofBurst.length).toBeLessThanOrEqual(burst);
    expect(ofBurst.every((s) => s.reply)).toBe(true);
    const counts = ofBurst.map((s) => s.unread);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(ofBurst.at(-1)).toMatchObject({ unread: burst, unread_total: burst + 1 });
    socket.close();
  });

  it("tells a temporary user only about their one ticket", async () => {
    const temp = await buildTempUser(server.store);
    const ticket = await buildTicket(server.store, { member: temp });
    const visitor = server.client();
    await openTemporarySession(server, visitor, temp.id, ticket.id);
    const { agent, chatId: otherChat, player: owner, member: otherMember, ticket: otherTicket } = await setup();
    const ownerSocket = owner.socket();
    await connected(ownerSocket);
    await emitWithAck(ownerSocket, "join_chatroom", { room_id: otherMember.id, name: otherMember.id });

    const socket = visitor.socket();
    await connected(socket);
    await emitWithAck(socket, "join_chatroom", { room_id: temp.id, name: temp.id });
    const seen = collect(socket, "player_ticket_signal");
    // The other ticket's signal reaches its owner; once it has, the visitor would have it too.
    const ownerHeard = nextEvent<Record<string, unknown>>(ownerSocket, "player_ticket_signal");
    await staffReply(agent, otherChat, "Not for the visitor.");
    expect(await ownerHeard).toMatchObject({ ticket_id: otherTicket.id, reply: true });
    const heard = nextEvent<Record<string, unknown>>(socket, "player_ticket_signal");
    await staffReply(agent, encodeChatId(ticket.id), "For the visitor.");
    expect(await heard).toMatchObject({ ticket_id: ticket.id, unread: 1, unread_total: 1, reply: true });
    await caughtUp(socket);
    expect([...new Set(seen.map((s) => (s as { ticket_id: number }).ticket_id))]).toEqual([ticket.id]);

    const unread = await visitor.get("/api/tickets/player-unread");
    expect(unread.body).toMatchObject({ unread_total: 1, tickets: [{ ticket_id: ticket.id, unread: 1 }] });
  });

  it("refuses the unread summary to staff and to visitors without a session", async () => {
    const { agent } = await setup();
    expect((await agent.get("/api/tickets/player-unread")).status).toBe(403);
    expect((await agent.get("/api/tickets/member-recent-tickets")).status).toBe(403);
    expect((await server.client().get("/api/tickets/player-unread")).status).toBe(401);
  });

  const setup = () => buildChatParties(server);
});
