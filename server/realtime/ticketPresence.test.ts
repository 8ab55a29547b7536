/**
 * Who else is on a staff ticket page (collision detection, docs/decisions/realtime.md): staff
 * sockets say `ticket_presence`; the ticket's staff hear `ticket_viewers` with everyone's state,
 * once per person; a page that closes or goes silent drops out; players, unknown tickets and bad
 * payloads are refused and change nothing; and the list is the same on two nodes sharing Redis.
 */
import { describe, expect, it, vi } from "vitest";
import type { TicketViewers } from "../../common/schemas/ticketPresence.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { caughtUp, connected, emitWithAck, type TestClient, type TestServer } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { describeTwoNodes } from "../test/twoNodes.ts";
import { useTestServer } from "../test/useTestServer.ts";

type Socket = ReturnType<TestClient["socket"]>;

/** A signed-in socket that keeps every `ticket_viewers` it hears. */
async function listening(client: TestClient) {
  const socket = client.socket();
  const heard: TicketViewers[] = [];
  socket.on("ticket_viewers", (payload: TicketViewers) => heard.push(payload));
  await connected(socket);
  return { socket, heard, last: (ticketId: number) => heard.filter((h) => h.ticket_id === ticketId).at(-1) };
}

const say = (socket: Socket, ticket_id: number, state: string) =>
  emitWithAck(socket, "ticket_presence", { ticket_id, state });

/** `[id, state]` of each viewer, in the list's order. */
const states = (payload: TicketViewers | undefined) => payload?.viewers.map((v) => [v.id, v.state]);

async function buildWorld(server: Pick<TestServer, "store" | "client">) {
  const member = await buildMember(server.store);
  const ticket = await buildTicket(server.store, { member });
  const other = await buildTicket(server.store, { member });
  const mod = await buildStaff(server.store, { rank: "mod" });
  const admin = await buildStaff(server.store, { rank: "admin" });
  const modClient = await openSession(server, server.client(), mod);
  const adminClient = await openSession(server, server.client(), admin);
  const playerClient = await openSession(server, server.client(), member);
  return { member, ticket, other, mod, admin, modClient, adminClient, playerClient };
}

describe.each(ENGINES)("ticket presence on %s", (engine) => {
  const server = useTestServer(engine);

  it("lists everyone on the page once, with their state, and follows typing and leaving", async () => {
    const { ticket, mod, admin, modClient, adminClient } = await buildWorld(server);
    const modTab = await listening(modClient);
    const adminTab = await listening(adminClient);

    expect(await say(modTab.socket, ticket.id, "viewing")).toEqual({ ok: true });
    await vi.waitFor(() => expect(states(modTab.last(ticket.id))).toEqual([[mod.id, "viewing"]]));
    expect(await say(adminTab.socket, ticket.id, "viewing")).toEqual({ ok: true });
    const both = [
      [mod.id, "viewing"],
      [admin.id, "viewing"],
    ];
    await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual(both));
    await vi.waitFor(() => expect(states(modTab.last(ticket.id))).toEqual(both));
    expect(adminTab.last(ticket.id)?.viewers[0]).toEqual({
      id: mod.id,
      name: mod.name,
      avatar: null,
      state: "viewing",
    });

    // A second tab of the mod is the same person; typing in any tab makes the person typing.
    const modSecondTab = await listening(modClient);
    expect(await say(modSecondTab.socket, ticket.id, "viewing")).toEqual({ ok: true });
    expect(await say(modSecondTab.socket, ticket.id, "typing")).toEqual({ ok: true });
    await vi.waitFor(() =>
      expect(states(adminTab.last(ticket.id))).toEqual([
        [mod.id, "typing"],
        [admin.id, "viewing"],
      ]),
    );
    expect(await say(modSecondTab.socket, ticket.id, "left")).toEqual({ ok: true });
    await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual(both));

    // A repeat renews the entry and tells nobody.
    const before = adminTab.heard.length;
    expect(await say(modTab.socket, ticket.id, "viewing")).toEqual({ ok: true });
    await caughtUp(adminTab.socket);
    await caughtUp(modTab.socket);
    expect(adminTab.heard.length).toBe(before);

    expect(await say(modTab.socket, ticket.id, "left")).toEqual({ ok: true });
    await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual([[admin.id, "viewing"]]));
  });

  it("drops a socket that closed without saying left, at once", async () => {
    const { ticket, admin, modClient, adminClient } = await buildWorld(server);
    const modTab = await listening(modClient);
    const adminTab = await listening(adminClient);
    await say(modTab.socket, ticket.id, "typing");
    await say(adminTab.socket, ticket.id, "viewing");
    await vi.waitFor(() => expect(adminTab.last(ticket.id)?.viewers).toHaveLength(2));

    modTab.socket.close();
    await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual([[admin.id, "viewing"]]));
  });

  it("keeps each ticket's viewers to that ticket", async () => {
    const { ticket, other, mod, admin, modClient, adminClient } = await buildWorld(server);
    const modTab = await listening(modClient);
    const adminTab = await listening(adminClient);
    await say(modTab.socket, ticket.id, "viewing");
    await say(adminTab.socket, other.id, "viewing");
    await vi.waitFor(() => expect(states(adminTab.last(other.id))).toEqual([[admin.id, "viewing"]]));
    await vi.waitFor(() => expect(states(modTab.last(ticket.id))).toEqual([[mod.id, "viewing"]]));
    await caughtUp(adminTab.socket);
    await caughtUp(modTab.socket);
    expect(adminTab.last(ticket.id)).toBeUndefined();
    expect(modTab.last(other.id)).toBeUndefined();
  });

  it("refuses players, unknown tickets and bad payloads, and they change nothing", async () => {
    const { ticket, admin, adminClient, playerClient } = await buildWorld(server);
    const adminTab = await listening(adminClient);
    await say(adminTab.socket, ticket.id, "viewing");
    await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual([[admin.id, "viewing"]]));

    // The player has their ticket's chat open, and may neither say nor hear presence.
    const playerTab = await listening(playerClient);
    expect(await emitWithAck(playerTab.socket, "join_chatroom", { room_id: `chat-${ticket.id}` })).toEqual({
      ok: true,
    });
    expect(await say(playerTab.socket, ticket.id, "viewing")).toEqual({ ok: false, error: "forbidden" });
    expect(await say(playerTab.socket, ticket.id, "typing")).toEqual({ ok: false, error: "forbidden" });

    expect(await say(adminTab.socket, 2_147_483_000, "viewing")).toEqual({ ok: false, error: "not_found" });
    for (const payload of [
      { ticket_id: String(ticket.id), state: "viewing" },
      { ticket_id: ticket.id, state: "asleep" },
      { ticket_id: ticket.id },
      { ticket_id: ticket.id, state: "viewing", name: "someone else" },
      { ticket_id: -1, state: "viewing" },
      null,
    ]) {
      expect(await emitWithAck(adminTab.socket, "ticket_presence", payload)).toEqual({
        ok: false,
        error: "validation",
      });
    }

    // A staff page that comes next sees the admin alone; the player heard nothing.
    const heardBefore = adminTab.heard.length;
    await caughtUp(adminTab.socket);
    await caughtUp(playerTab.socket);
    expect(adminTab.heard.length).toBe(heardBefore);
    expect(playerTab.heard).toEqual([]);
    expect(states(adminTab.last(ticket.id))).toEqual([[admin.id, "viewing"]]);

    // The player hears nothing when staff come and go either.
    await say(adminTab.socket, ticket.id, "typing");
    await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual([[admin.id, "typing"]]));
    await caughtUp(playerTab.socket);
    expect(playerTab.heard).toEqual([]);
  });

  it("limits a user's presence events by its own rule", async () => {
    const { ticket, mod, modClient } = await buildWorld(server);
    const modTab = await listening(modClient);
    const key = `ticket-presence:user:${mod.id}`;
    const rule = RATE_LIMITS.ticketPresence;
    // Filled and tried in one window; a window that turns over between the two is tried again.
    await vi.waitFor(async () => {
      await server.node.ctx.limits.consume(key, rule, rule.max);
      expect(await say(modTab.socket, ticket.id, "viewing")).toEqual({ ok: false, error: "rate_limited" });
    });
    await caughtUp(modTab.socket);
    expect(modTab.last(ticket.id)).toBeUndefined();
  });
});

describe.each(ENGINES)("ticket presence timeout on %s", (engine) => {
  // A page that says nothing for 1.5 s leaves the list; the test's own pages repeat themselves.
  const server = useTestServer(engine, { PRESENCE_TIMEOUT_SECONDS: "1.5" });

  it("drops a page that went silent within the timeout, and takes it back when it speaks", async () => {
    const { ticket, mod, admin, modClient, adminClient } = await buildWorld(server);
    const modTab = await listening(modClient);
    const adminTab = await listening(adminClient);
    // The admin's page repeats itself as the web page does; the mod's goes silent, socket open.
    const heartbeat = setInterval(() => void say(adminTab.socket, ticket.id, "viewing"), 400);
    try {
      await say(adminTab.socket, ticket.id, "viewing");
      await say(modTab.socket, ticket.id, "typing");
      await vi.waitFor(() => expect(adminTab.last(ticket.id)?.viewers).toHaveLength(2));
      const silentFrom = Date.now();
      await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual([[admin.id, "viewing"]]), {
        timeout: 5_000,
      });
      expect(Date.now() - silentFrom).toBeLessThanOrEqual(1_500 + 1_000);
      expect(modTab.socket.connected).toBe(true);

      await say(modTab.socket, ticket.id, "viewing");
      await vi.waitFor(() =>
        expect(states(adminTab.last(ticket.id))).toEqual([
          [mod.id, "viewing"],
          [admin.id, "viewing"],
        ]),
      );
    } finally {
      clearInterval(heartbeat);
    }
  });
});

describeTwoNodes("ticket presence on two nodes", {}, {}, (cluster) => {
  it("shows the same viewers on both nodes, and a socket closed on one leaves the other's list", async () => {
    const [first, second] = cluster().nodes;
    const { store } = cluster();
    const member = await buildMember(store);
    const ticket = await buildTicket(store, { member });
    const mod = await buildStaff(store, { rank: "mod" });
    const admin = await buildStaff(store, { rank: "admin" });
    const modTab = await listening(await openSession(cluster(), first.client(), mod));
    const adminTab = await listening(await openSession(cluster(), second.client(), admin));

    expect(await say(modTab.socket, ticket.id, "viewing")).toEqual({ ok: true });
    expect(await say(adminTab.socket, ticket.id, "viewing")).toEqual({ ok: true });
    const both = [
      [mod.id, "viewing"],
      [admin.id, "viewing"],
    ];
    await vi.waitFor(() => expect(states(modTab.last(ticket.id))).toEqual(both));
    await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual(both));

    expect(await say(modTab.socket, ticket.id, "typing")).toEqual({ ok: true });
    await vi.waitFor(() =>
      expect(states(adminTab.last(ticket.id))).toEqual([
        [mod.id, "typing"],
        [admin.id, "viewing"],
      ]),
    );

    modTab.socket.close();
    await vi.waitFor(() => expect(states(adminTab.last(ticket.id))).toEqual([[admin.id, "viewing"]]));
    adminTab.socket.close();
  });
});
