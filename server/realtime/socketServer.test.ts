import { type Socket as ClientSocket, io as connectSocket } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, nextEvent, type TestServer } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("socket handshake and rooms on %s", (engine) => {
  const server = useTestServer(engine);

  it("refuses a socket without a session", async () => {
    const client = server.client();
    await client.get("/api/config/public");
    await expect(connected(client.socket())).rejects.toThrow("not_authenticated");
  });

  it("refuses a signed-in socket with a missing or foreign CSRF token, or another origin", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    await expect(connected(client.socket({ csrf: "" }))).rejects.toThrow("csrf_failed");
    const other = server.client();
    await other.get("/api/config/public");
    await expect(connected(client.socket({ csrf: other.csrf! }))).rejects.toThrow("csrf_failed");
    await expect(connected(client.socket({ origin: "https://evil.example" }))).rejects.toThrow("origin_not_allowed");
  });

  it("lets a user join only their own room and validates payloads", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const socket = client.socket({ origin: server.baseUrl });
    await connected(socket);
    expect(await emitWithAck(socket, "join_chatroom", { room_id: member.id, name: member.id })).toEqual({ ok: true });
    expect(await emitWithAck(socket, "join_chatroom", { room_id: member.id + 1000, name: member.id })).toEqual({
      ok: false,
      error: "forbidden",
    });
    // Past a 32-bit ticket id: no ticket, refused like any other (PostgreSQL failed on the comparison).
    for (const room_id of ["chat-9999999999", "chat-2147483648"]) {
      expect(await emitWithAck(socket, "join_chatroom", { room_id, name: member.id })).toEqual({
        ok: false,
        error: "forbidden",
      });
      expect(await emitWithAck(socket, "leave_chatroom", { room_id, name: member.id })).toEqual({ ok: true });
    }
    expect(await emitWithAck(socket, "join_chatroom", { room: "x".repeat(10) })).toEqual({
      ok: false,
      error: "validation",
    });
    expect(await emitWithAck(socket, "join_chatroom", "not an object")).toEqual({ ok: false, error: "validation" });
  });

  it("ignores unknown events, acknowledges malformed ones, and closes a socket that sends a frame over 64 KB", async () => {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const socket = client.socket();
    await connected(socket);
    socket.emit("no_such_event", { x: 1 });
    expect(await emitWithAck(socket, "messages_read", { chat_id: "not a chat" })).toEqual({
      ok: false,
      error: "validation",
    });
    expect(socket.connected).toBe(true);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    socket.emit("join_chatroom", { room_id: "x".repeat(70 * 1024) });
    expect(await closed).toBe("transport close");
  });

  it("closes the user's sockets when they sign out", async () => {
    const staff = await buildStaff(server.store, { rank: "mod" });
    const client = server.client();
    await client.signIn(staff.email, FACTORY_PASSWORD);
    const socket = client.socket();
    await connected(socket);
    const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    await client.post("/auth/logout");
    expect(await closed).toBe("io server disconnect");
  });

  it("keeps announcement reads per user and sends the unread count", async () => {
    const now = Math.floor(Date.now() / 1000);
    const rows = await server.store.db
      .insertInto("announcements")
      .values([
        {
          title: "Bakım",
          message: "Sunucular 10:00'da kapanacak.",
          eng_title: "Maintenance",
          eng_message: "Servers go down at 10:00.",
          value: 1,
          start_date: now - 60,
          end_date: null,
          active: 1,
          created_at: now,
        },
        {
          title: "Etkinlik",
          message: "Hafta sonu etkinliği",
          eng_title: "Event",
          eng_message: "Weekend event",
          value: 2,
          start_date: now - 60,
          end_date: now + 3600,
          active: 1,
          created_at: now,
        },
      ])
      .returning("id")
      .execute();
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const socket = client.socket();
    await connected(socket);
    const count = nextEvent<{ unread: number }>(socket, "announcement_unread_count");
    expect(await emitWithAck(socket, "announcement_read", { announcement_id: rows[0]!.id })).toEqual({ ok: true });
    expect((await count).unread).toBe(1);
    expect(await emitWithAck(socket, "announcement_read", { announcement_id: rows[0]!.id })).toEqual({ ok: true });
    const reads = await server.store.db
      .selectFrom("announcement_reads")
      .selectAll()
      .where("user_id", "=", member.id)
      .execute();
    expect(reads).toHaveLength(1);
    expect(await emitWithAck(socket, "announcement_read", { announcement_id: 999_999 })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await emitWithAck(socket, "announcement_read", { announcement_id: "x" })).toEqual({
      ok: false,
      error: "validation",
    });
  });
});

describe.each(ENGINES)("socket origin check without PUBLIC_URL on %s", (engine) => {
  const opened: ClientSocket[] = [];
  function closeOpened(): void {
    for (const socket of opened.splice(0)) socket.close();
  }

  /** A signed-in member's socket (a new member unless one is given) that sends these headers with its handshake. */
  async function memberSocket(server: TestServer, headers: Record<string, string>, given?: InsertedUser) {
    const member = given ?? (await buildMember(server.store));
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const socket = connectSocket(server.baseUrl, {
      path: "/socket.io",
      transports: ["websocket"],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: client.cookieHeader(), ...headers },
      auth: { csrf: client.csrf },
    });
    opened.push(socket);
    return socket;
  }

  /** Whether that socket connects, or why not. */
  async function socketWith(server: TestServer, headers: Record<string, string>) {
    return connected(await memberSocket(server, headers)).then(
      () => "connected",
      (error: Error) => error.message,
    );
  }

  // One server at a time: each suite's store is its own database schema.
  describe("served directly", () => {
    const direct = useTestServer(engine);
    afterAll(async () => {
      closeOpened();
    });

    it("compares the scheme too: an https page may not open a socket to a plain-http server", async () => {
      const host = new URL(direct.baseUrl).host;
      expect(await socketWith(direct, { origin: `http://${host}` })).toBe("connected");
      expect(await socketWith(direct, { origin: `https://${host}` })).toBe("origin_not_allowed");
      // Without a trusted proxy, a forwarded scheme is just a header anyone can send.
      expect(await socketWith(direct, { origin: `https://${host}`, "x-forwarded-proto": "https" })).toBe(
        "origin_not_allowed",
      );
      expect(await socketWith(direct, { origin: "null" })).toBe("origin_not_allowed");
    });
  });

  describe("behind a trusted proxy", () => {
    const proxied = useTestServer(engine, { TRUST_PROXY: "true" });
    afterAll(async () => {
      closeOpened();
    });

    it("stores the caller's address as HTTP reads it, and keeps no secret on an admitted socket", async () => {
      const member = await buildMember(proxied.store);
      const ticket = await buildTicket(proxied.store, { member });
      const socket = await memberSocket(proxied, { "x-forwarded-for": "203.0.113.7, 10.0.0.1" }, member);
      await connected(socket);
      const sent = await emitWithAck<{ ok: boolean }>(socket, "send_message", {
        messageObj: { chatId: `chat-${ticket.id}`, message: "from behind the proxy" },
      });
      expect(sent.ok).toBe(true);
      const stored = await proxied.store.db
        .selectFrom("chat_messages")
        .select("ip_origin")
        .where("ticket_id", "=", ticket.id)
        .where("message", "=", "from behind the proxy")
        .executeTakeFirstOrThrow();
      expect(stored.ip_origin).toBe("203.0.113.7");
      // What socket.io hands to other nodes (handshake and data) and keeps in Redis for a recovery.
      const [held] = (await proxied.node.io.fetchSockets()).filter((s) => s.data.user.id === member.id);
      expect(held?.handshake.headers.cookie).toBeUndefined();
      expect(held?.handshake.auth).toEqual({});
      expect(held?.data.user.password_hash).toBeNull();
    });

    it("takes the scheme and host the browser used from X-Forwarded-*", async () => {
      const host = new URL(proxied.baseUrl).host;
      expect(await socketWith(proxied, { origin: `https://${host}`, "x-forwarded-proto": "https" })).toBe("connected");
      expect(await socketWith(proxied, { origin: `http://${host}`, "x-forwarded-proto": "https" })).toBe(
        "origin_not_allowed",
      );
      expect(
        await socketWith(proxied, {
          origin: "https://support.example.com",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "support.example.com",
        }),
      ).toBe("connected");
      expect(
        await socketWith(proxied, {
          origin: "https://evil.example",
          "x-forwarded-proto": "https",
          "x-forwarded-host": "support.example.com",
        }),
      ).toBe("origin_not_allowed");
    });
  });
});
