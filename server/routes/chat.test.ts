import { describe, expect, it, vi } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { caughtUp, connected, emitWithAck, nextEvent } from "../test/server.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("ticket chat on %s", (engine) => {
  const server = useTestServer(engine);

  const setup = () => buildChatParties(server);

  it("delivers a player's HTTP message live to staff (with ip_origin) and a staff socket reply to the player (without)", async () => {
    const { ticket, player, agent, chatId, member } = await setup();
    const staffSocket = agent.socket();
    const playerSocket = player.socket();
    await Promise.all([connected(staffSocket), connected(playerSocket)]);
    expect(await emitWithAck(staffSocket, "join_chatroom", { room_id: chatId, name: 1 })).toEqual({ ok: true });
    expect(await emitWithAck(playerSocket, "join_chatroom", { room_id: chatId, name: member.id })).toEqual({
      ok: true,
    });

    const staffHears = nextEvent(staffSocket, "new_message");
    const sent = await player.post("/api/new-chat-message", { chatId, message: "My sword vanished after the update." });
    expect(sent.status).toBe(200);
    const heard = await staffHears;
    expect(heard).toMatchObject({
      message: "My sword vanished after the update.",
      user_class: "user",
      chatId,
      ip_origin: expect.any(String),
    });
    expect(sent.body.message).not.toHaveProperty("ip_origin");
    expect(sent.body.message).not.toHaveProperty("read");

    const playerHears = nextEvent(playerSocket, "new_message");
    const ack = await emitWithAck<{ ok: boolean; data: Record<string, unknown> }>(staffSocket, "send_message", {
      messageObj: {
        chatId,
        message: "We restored it, please relog.",
        reply_to: { id: (sent.body.message as { id: number }).id },
      },
    });
    expect(ack.ok).toBe(true);
    expect(ack.data).toMatchObject({
      message: "We restored it, please relog.",
      user_class: "dev",
      reply_to: { message: "My sword vanished after the update." },
    });
    const live = await playerHears;
    expect(live).toMatchObject({ id: ack.data.id, message: "We restored it, please relog." });
    expect(live).not.toHaveProperty("ip_origin");
    expect(live).not.toHaveProperty("read");

    const stored = await server.store.db
      .selectFrom("tickets")
      .select(["status", "first_reply_at"])
      .where("id", "=", ticket.id)
      .executeTakeFirstOrThrow();
    expect(stored.status).toBe("REPLIED");
    expect(stored.first_reply_at).not.toBeNull();
  });

  it("pages history with fetch-chat and keeps staff-only fields and messages from players", async () => {
    const { ticket, player, agent, chatId, staff } = await setup();
    await player.post("/api/new-chat-message", { chatId, message: "first" });
    await server.store.db
      .insertInto("chat_messages")
      .values({
        ticket_id: ticket.id,
        type: "assignment",
        sender_id: staff.id,
        sender_name: staff.name,
        message: "assigned",
        timestamp: 1,
        user_class: "dev",
      })
      .execute();
    await agent.post("/api/new-chat-message", { chatId, message: "second" });

    const forPlayer = await player.post("/api/fetch-chat", { chat_id: chatId });
    expect(forPlayer.status).toBe(200);
    const playerChat = forPlayer.body.chat as Record<string, unknown>[];
    expect(playerChat.map((m) => m.message)).toEqual(["first", "second"]);
    expect(JSON.stringify(forPlayer.body)).not.toMatch(/ip_origin|"read"|"rank"/);

    const forStaff = await agent.post("/api/fetch-chat", { chat_id: chatId });
    const staffChat = forStaff.body.chat as Record<string, unknown>[];
    expect(staffChat.map((m) => m.type)).toEqual(["message", "assignment", "message"]);
    expect(staffChat[0]).toHaveProperty("ip_origin");
    expect(staffChat[0]).toMatchObject({ read: true });

    const page = await agent.post("/api/fetch-chat", { chat_id: chatId, limit: 1, before: staffChat[2]!.id });
    expect((page.body.chat as Record<string, unknown>[]).map((m) => m.type)).toEqual(["assignment"]);
  });

  it("refuses another member: no history, no room, no message, nothing written", async () => {
    const { ticket, chatId } = await setup();
    const stranger = await buildMember(server.store);
    const client = server.client();
    await client.signIn(stranger.email, FACTORY_PASSWORD);
    expect((await client.post("/api/fetch-chat", { chat_id: chatId })).status).toBe(404);
    expect((await client.post("/api/new-chat-message", { chatId, message: "let me in" })).status).toBe(404);
    const socket = client.socket();
    await connected(socket);
    expect(await emitWithAck(socket, "join_chatroom", { room_id: chatId, name: stranger.id })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await emitWithAck(socket, "send_message", { messageObj: { chatId, message: "hi" } })).toEqual({
      ok: false,
      error: "not_found",
    });
    const count = await server.store.db
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ticket_id", "=", ticket.id)
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it("lets a temporary session use only its own ticket", async () => {
    const guest = await buildTempUser(server.store);
    const own = await buildTicket(server.store, { member: guest });
    const other = await buildTicket(server.store, { member: guest });
    const client = server.client();
    await openTemporarySession(server, client, guest.id, own.id);
    expect(
      (await client.post("/api/new-chat-message", { chatId: encodeChatId(own.id), message: "hello" })).status,
    ).toBe(200);
    expect((await client.post("/api/fetch-chat", { chat_id: encodeChatId(other.id) })).status).toBe(404);
    expect(
      (await client.post("/api/new-chat-message", { chatId: encodeChatId(other.id), message: "hello" })).status,
    ).toBe(404);
  });

  it("limits player replies to 500 characters, refuses empty messages and ended tickets", async () => {
    const { player, chatId, ticket } = await setup();
    const long = await player.post("/api/new-chat-message", { chatId, message: "x".repeat(501) });
    expect(long.status).toBe(422);
    expect((long.body.detail as { msg: string }[])[0]!.msg).toBe("Input is too long.");
    expect((await player.post("/api/new-chat-message", { chatId, message: "   " })).status).toBe(422);
    expect((await player.post("/api/new-chat-message", { chatId, message: "x".repeat(500) })).status).toBe(200);
    await server.store.db.updateTable("tickets").set({ status: "CLOSED" }).where("id", "=", ticket.id).execute();
    const closed = await player.post("/api/new-chat-message", { chatId, message: "one more thing" });
    expect(closed.status).toBe(409);
    expect(closed.body.code).toBe("ticket_ended");
  });

  it("says resolved, not closed, when the ended ticket was resolved: over HTTP, with a file, and over the socket", async () => {
    const { player, chatId, ticket } = await setup();
    await server.store.db.updateTable("tickets").set({ status: "RESOLVED" }).where("id", "=", ticket.id).execute();
    const plain = await player.post("/api/new-chat-message", { chatId, message: "one more thing" });
    expect(plain.status).toBe(409);
    expect(plain.body).toMatchObject({ code: "ticket_resolved", detail: expect.stringMatching(/resolved/) });
    // The multipart form's early check, before any file reaches the disk, says the same.
    const form = new FormData();
    form.append("chatId", chatId);
    form.append("message", "with a file");
    form.append("files", new Blob([Buffer.from("%PDF-1.4\n")], { type: "application/pdf" }), "a.pdf");
    const withFile = await player.post("/api/new-chat-message", form);
    expect(withFile.status).toBe(409);
    expect(withFile.body.code).toBe("ticket_resolved");
    const socket = player.socket();
    await connected(socket);
    expect(await emitWithAck(socket, "send_message", { messageObj: { chatId, message: "hi" } })).toEqual({
      ok: false,
      error: "ticket_resolved",
    });
    const stored = await server.store.db
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ticket_id", "=", ticket.id)
      .where("type", "=", "message")
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(0);
  });

  it("validates socket payloads without changing anything", async () => {
    const { player } = await setup();
    const socket = player.socket();
    await connected(socket);
    expect(await emitWithAck(socket, "send_message", { messageObj: { chatId: "nope" } })).toEqual({
      ok: false,
      error: "validation",
    });
    expect(await emitWithAck(socket, "send_message", null)).toEqual({ ok: false, error: "validation" });
    expect(await emitWithAck(socket, "messages_read", { chat_id: [] })).toEqual({ ok: false, error: "validation" });
  });

  it("marks the player's messages read when staff read the chat, and tells staff", async () => {
    const { ticket, player, agent, chatId } = await setup();
    await player.post("/api/new-chat-message", { chatId, message: "anyone?" });
    const staffSocket = agent.socket();
    await connected(staffSocket);
    await emitWithAck(staffSocket, "join_chatroom", { room_id: chatId });
    const told = nextEvent(staffSocket, "messages_read");
    expect(await emitWithAck(staffSocket, "messages_read", { chat_id: chatId, sender_id: 1 })).toEqual({ ok: true });
    expect(await told).toMatchObject({ chat_id: chatId, reader_class: "dev" });
    const unread = await server.store.db
      .selectFrom("chat_messages")
      .select("read")
      .where("ticket_id", "=", ticket.id)
      .execute();
    expect(unread.every((m) => m.read === 1)).toBe(true);
  });

  it("delivers messages sent while the player was briefly disconnected, exactly once", async () => {
    const { player, agent, chatId, member } = await setup();
    const socket = player.socket({ reconnection: true });
    await connected(socket);
    await emitWithAck(socket, "join_chatroom", { room_id: chatId, name: member.id });
    const received: string[] = [];
    socket.on("new_message", (m: { message: string }) => received.push(m.message));
    await agent.post("/api/new-chat-message", { chatId, message: "before" });
    await vi.waitFor(() => expect(received).toEqual(["before"]));

    // The socket's own connect, which carries whether its state was recovered.
    const back = new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    // Cut the transport without a clean close, as a network drop does.
    socket.io.engine.close();
    await agent.post("/api/new-chat-message", { chatId, message: "while away" });
    await back;
    expect(socket.recovered).toBe(true);
    await vi.waitFor(() => expect(received).toEqual(["before", "while away"]));
    await agent.post("/api/new-chat-message", { chatId, message: "after" });
    await vi.waitFor(() => expect(received).toContain("after"));
    await caughtUp(socket);
    expect(received).toEqual(["before", "while away", "after"]);
  });

  it("tells the player's open page about a status change, without staff-only fields", async () => {
    const { ticket, player, chatId, member } = await setup();
    const socket = player.socket();
    await connected(socket);
    await emitWithAck(socket, "join_chatroom", { room_id: chatId, name: member.id });
    const ping = nextEvent(socket, "ticket_updated_ping");
    const updated = await server.store.db
      .updateTable("tickets")
      .set({ status: "ON HOLD" })
      .where("id", "=", ticket.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    server.node.ctx.events.publish("ticket.updated", { ticket: updated });
    expect(await ping).toEqual({
      ticket_id: ticket.id,
      lastUpdated: updated.last_updated,
      category: updated.category_id,
      status: "ON HOLD",
    });
  });
});
