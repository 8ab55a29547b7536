/**
 * Connection-state recovery belongs to the live session that left: another
 * user, an anonymous temporary session, or the same user after logging out present a stranded
 * staff socket's pid and offset, and get none of its rooms, data or missed packets.
 */
import { io as connectSocket, type Socket } from "socket.io-client";
import { afterAll, describe, expect, it, vi } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import type { TicketRow } from "../db/schema.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { caughtUp, connected, emitWithAck, nextEvent, type TestClient } from "../test/server.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

/** socket.io-client keeps the recovery handle here and sends it as `auth.pid` / `auth.offset`. */
interface RecoveryHandle {
  _pid?: string;
  _lastOffset?: string;
}

const STAFF_EVENTS = ["new_message", "ticket_updated_ping"];

describe.each(ENGINES)("socket connection-state recovery on %s", (engine) => {
  const sockets: Socket[] = [];
  const server = useTestServer(engine);
  afterAll(async () => {
    for (const s of sockets) s.close();
  });

  /** A socket of `client` that presents a recovery handle, recording every event it receives. */
  function presenting(client: TestClient, handle: { pid: string; offset: string }) {
    const socket = connectSocket(client.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      autoConnect: false,
      extraHeaders: { cookie: client.cookieHeader() },
      auth: { csrf: client.csrf },
    });
    Object.assign(socket as unknown as RecoveryHandle, { _pid: handle.pid, _lastOffset: handle.offset });
    const received: { event: string; payload: unknown }[] = [];
    socket.onAny((event: string, payload: unknown) => received.push({ event, payload }));
    sockets.push(socket);
    socket.connect();
    return { socket, received };
  }

  function publishUpdate(ticket: TicketRow): void {
    server.node.ctx.events.publish("ticket.updated", { ticket });
  }

  async function gone(socketId: string): Promise<void> {
    for (let i = 0; i < 100 && server.node.io.of("/").sockets.has(socketId); i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /**
   * A staff socket in the staff room and a ticket's staff chat room loses its transport; while it
   * is away the player writes in the chat and the ticket changes, so it has packets to miss.
   */
  async function strandedStaffSocket() {
    const member = await buildMember(server.store);
    const staff = await buildStaff(server.store, { rank: "mod" });
    const ticket = await buildTicket(server.store, { member });
    const chatId = encodeChatId(ticket.id);
    const agent = server.client();
    await agent.signIn(staff.email, FACTORY_PASSWORD);
    const player = server.client();
    await player.signIn(member.email, FACTORY_PASSWORD);
    const staffSocket = agent.socket();
    await connected(staffSocket);
    expect(await emitWithAck(staffSocket, "join_chatroom", { room_id: chatId, name: staff.id })).toEqual({ ok: true });
    // One staff-room packet gives the client an offset to recover from.
    const first = nextEvent(staffSocket, "ticket_updated_ping");
    publishUpdate(ticket);
    await first;
    const handle = staffSocket as unknown as RecoveryHandle;
    const pid = handle._pid;
    const offset = handle._lastOffset;
    expect(pid).toEqual(expect.any(String));
    expect(offset).toEqual(expect.any(String));
    const serverId = staffSocket.id!;
    staffSocket.io.engine.close();
    await gone(serverId);
    expect((await player.post("/api/new-chat-message", { chatId, message: "Missed by staff" })).status).toBe(200);
    publishUpdate(ticket);
    return { agent, player, ticket, chatId, staff, handle: { pid: pid!, offset: offset! } };
  }

  /**
   * After the stranded socket's missed packets, one more message and update the staff rooms get;
   * answers once `socket` has everything that was sent to it by then.
   */
  async function laterStaffNews(player: TestClient, chatId: string, ticket: TicketRow, socket: Socket): Promise<void> {
    expect((await player.post("/api/new-chat-message", { chatId, message: "Later news" })).status).toBe(200);
    publishUpdate(ticket);
    await caughtUp(socket);
  }

  it("gives a player who presents a staff socket's pid and offset a fresh socket, with nothing of staff's", async () => {
    const { player, ticket, chatId, handle } = await strandedStaffSocket();
    const stranger = server.client();
    const other = await buildMember(server.store);
    await stranger.signIn(other.email, FACTORY_PASSWORD);
    const { socket, received } = presenting(stranger, handle);
    await connected(socket);
    expect(socket.recovered).toBe(false);
    expect((socket as unknown as RecoveryHandle)._pid).not.toBe(handle.pid);
    await laterStaffNews(player, chatId, ticket, socket);
    expect(received.filter((r) => STAFF_EVENTS.includes(r.event))).toEqual([]);
    // The stranger's socket is an ordinary one of their own.
    expect(await emitWithAck(socket, "join_chatroom", { room_id: chatId, name: other.id })).toEqual({
      ok: false,
      error: "forbidden",
    });
  });

  it("gives an anonymous temporary-ticket session nothing of the staff socket either", async () => {
    const { player, ticket, chatId, handle } = await strandedStaffSocket();
    const guest = await buildTempUser(server.store);
    const guestTicket = await buildTicket(server.store, { member: guest });
    const visitor = server.client();
    await openTemporarySession(server, visitor, guest.id, guestTicket.id);
    const { socket, received } = presenting(visitor, handle);
    await connected(socket);
    expect(socket.recovered).toBe(false);
    await laterStaffNews(player, chatId, ticket, socket);
    expect(received.filter((r) => STAFF_EVENTS.includes(r.event))).toEqual([]);
  });

  it("writes nothing to a caller whose handshake is refused, and the owner can still recover", async () => {
    const { agent, handle } = await strandedStaffSocket();
    const anonymous = server.client();
    await anonymous.get("/api/config/public");
    const { socket, received } = presenting(anonymous, handle);
    await expect(connected(socket)).rejects.toThrow("not_authenticated");
    // socket.io-client keeps events that arrive before CONNECT here; none may have come.
    expect((socket as unknown as { receiveBuffer: unknown[] }).receiveBuffer).toEqual([]);
    expect(received).toEqual([]);
    const owner = presenting(agent, handle);
    await connected(owner.socket);
    expect(owner.socket.recovered).toBe(true);
  });

  it("recovers the same user's same live session: its rooms, and the packets it missed", async () => {
    const { agent, player, ticket, chatId, handle } = await strandedStaffSocket();
    const { socket, received } = presenting(agent, handle);
    await connected(socket);
    expect(socket.recovered).toBe(true);
    const missedEvents = () => received.filter((r) => STAFF_EVENTS.includes(r.event));
    await vi.waitFor(() => expect(missedEvents()).toHaveLength(2));
    await caughtUp(socket);
    const missed = missedEvents();
    expect(missed.map((r) => r.event).sort()).toEqual(["new_message", "ticket_updated_ping"]);
    expect(missed.find((r) => r.event === "new_message")?.payload).toMatchObject({
      message: "Missed by staff",
      ip_origin: expect.any(String),
    });
    received.length = 0;
    // Still in the chat room and the staff room it held.
    await laterStaffNews(player, chatId, ticket, socket);
    const heard = received.filter((r) => STAFF_EVENTS.includes(r.event)).map((r) => r.event);
    expect(heard.sort()).toEqual(["new_message", "ticket_updated_ping"]);
  });

  it("also delivers what was broadcast while the recovering socket's handshake ran", async () => {
    const { agent, ticket, handle } = await strandedStaffSocket();
    const limits = server.node.ctx.limits;
    const acquire = limits.acquireSlot.bind(limits);
    // The socket slot is the handshake's last step: a ticket changes just before it is taken.
    vi.spyOn(limits, "acquireSlot").mockImplementationOnce(async (...args) => {
      publishUpdate({ ...ticket, status: "ON HOLD" });
      return acquire(...args);
    });
    const { socket, received } = presenting(agent, handle);
    await connected(socket);
    vi.restoreAllMocks();
    expect(socket.recovered).toBe(true);
    const pingsNow = () => received.filter((r) => r.event === "ticket_updated_ping").map((r) => r.payload);
    await vi.waitFor(() => expect(pingsNow()).toHaveLength(2));
    await caughtUp(socket);
    const pings = pingsNow();
    expect(pings).toEqual([
      expect.objectContaining({ status: ticket.status }),
      expect.objectContaining({ status: "ON HOLD" }),
    ]);
  });

  it("does not recover after the session logged out, even for the same user signing in again", async () => {
    const { agent, player, ticket, chatId, staff, handle } = await strandedStaffSocket();
    expect((await agent.post("/auth/logout")).status).toBeLessThan(300);
    await agent.signIn(staff.email, FACTORY_PASSWORD);
    const { socket, received } = presenting(agent, handle);
    await connected(socket);
    expect(socket.recovered).toBe(false);
    await caughtUp(socket);
    expect(received.filter((r) => r.event === "new_message")).toEqual([]);
    // Staff again, so the staff room is theirs anew; the chat room is not until they join it.
    await laterStaffNews(player, chatId, ticket, socket);
    expect(received.filter((r) => STAFF_EVENTS.includes(r.event)).map((r) => r.event)).toEqual(["ticket_updated_ping"]);
  });
});
