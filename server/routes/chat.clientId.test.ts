/**
 * A chat send retried after a lost acknowledgement is stored once: the
 * client names each send (`client_id`), and the same name from the same sender in the same chat
 * answers the message stored the first time, on the socket and over HTTP alike.
 */
import { describe, expect, it } from "vitest";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES } from "../test/engines.ts";
import { connected, emitWithAck } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

type Ack = { ok: boolean; data?: { id: number; message: string }; error?: string };

describe.each(ENGINES)("chat sends named by the client on %s", (engine) => {
  const server = useTestServer(engine);

  const stored = (ticketId: number) =>
    server.store.db
      .selectFrom("chat_messages")
      .select(["id", "message", "sender_id", "client_id"])
      .where("ticket_id", "=", ticketId)
      .where("type", "=", "message")
      .orderBy("id")
      .execute();

  it("stores a retried socket send once and answers the stored message, announcing it again", async () => {
    const { ticket, player, agent, chatId, member } = await buildChatParties(server);
    const staffSocket = agent.socket();
    const playerSocket = player.socket();
    await Promise.all([connected(staffSocket), connected(playerSocket)]);
    await emitWithAck(playerSocket, "join_chatroom", { room_id: chatId, name: member.id });
    const heard: number[] = [];
    playerSocket.on("new_message", (m: { id: number }) => heard.push(m.id));

    const send = (message: string) =>
      emitWithAck<Ack>(staffSocket, "send_message", { messageObj: { chatId, message, client_id: "send-0001-abcd" } });
    const first = await send("Your item is back.");
    const retry = await send("Your item is back.");
    expect(first.ok).toBe(true);
    expect(retry).toEqual(first);
    const rows = await stored(ticket.id);
    expect(rows).toEqual([expect.objectContaining({ message: "Your item is back.", client_id: "send-0001-abcd" })]);
    // The retry announces the stored message again (its first node may have died before it could);
    // the receiver gets the same id, which the web client merges into one line.
    await expect.poll(() => heard).toEqual([first.data?.id, first.data?.id]);
  });

  it("stores a retried HTTP send once", async () => {
    const { ticket, player, chatId } = await buildChatParties(server);
    const body = { chatId, message: "The quest is stuck again.", client_id: "http-retry-0001" };
    const first = await player.post("/api/new-chat-message", body);
    const retry = await player.post("/api/new-chat-message", body);
    expect(first.status).toBe(200);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect(await stored(ticket.id)).toHaveLength(1);
  });

  it("stores two copies of one send arriving at once only once", async () => {
    const { ticket, agent, chatId } = await buildChatParties(server);
    const socket = agent.socket();
    await connected(socket);
    const payload = { messageObj: { chatId, message: "Twice at once", client_id: "race-0001-abcd" } };
    const answers = await Promise.all([
      emitWithAck<Ack>(socket, "send_message", payload),
      emitWithAck<Ack>(socket, "send_message", payload),
    ]);
    expect(answers.map((a) => a.ok)).toEqual([true, true]);
    expect(answers[0]?.data?.id).toBe(answers[1]?.data?.id);
    expect(await stored(ticket.id)).toHaveLength(1);
  });

  it("keeps different sends, and other senders' sends under the same name, apart", async () => {
    const { ticket, player, agent, chatId } = await buildChatParties(server);
    const socket = agent.socket();
    await connected(socket);
    const a = await emitWithAck<Ack>(socket, "send_message", {
      messageObj: { chatId, message: "one", client_id: "name-0001" },
    });
    const b = await emitWithAck<Ack>(socket, "send_message", {
      messageObj: { chatId, message: "two", client_id: "name-0002" },
    });
    // The player picks the staff member's name for a send: it is the player's own send, stored.
    const mine = await player.post("/api/new-chat-message", { chatId, message: "three", client_id: "name-0001" });
    expect(mine.status).toBe(200);
    expect((mine.body.message as { message: string }).message).toBe("three");
    expect(new Set([a.data?.id, b.data?.id, (mine.body.message as { id: number }).id]).size).toBe(3);
    expect((await stored(ticket.id)).map((r) => r.message)).toEqual(["one", "two", "three"]);
  });

  it("refuses a malformed client id and stores nothing", async () => {
    const { ticket, player, agent, chatId } = await buildChatParties(server);
    const socket = agent.socket();
    await connected(socket);
    for (const client_id of ["short", "x".repeat(65), "has space in it", "semi;colon;id"]) {
      expect(await emitWithAck(socket, "send_message", { messageObj: { chatId, message: "hi", client_id } })).toEqual({
        ok: false,
        error: "validation",
      });
      const http = await player.post("/api/new-chat-message", { chatId, message: "hi", client_id });
      expect(http.status).toBe(422);
      expect(http.body.detail).toEqual([expect.objectContaining({ loc: expect.arrayContaining(["client_id"]) })]);
    }
    expect(await stored(ticket.id)).toEqual([]);
  });

  it("answers a retry with the stored message even if the ticket closed since", async () => {
    const { ticket, agent, chatId } = await buildChatParties(server);
    const socket = agent.socket();
    await connected(socket);
    const payload = { messageObj: { chatId, message: "Closing now", client_id: "closing-0001" } };
    const first = await emitWithAck<Ack>(socket, "send_message", payload);
    await server.store.db.updateTable("tickets").set({ status: "CLOSED" }).where("id", "=", ticket.id).execute();
    expect(await emitWithAck<Ack>(socket, "send_message", payload)).toEqual(first);
    const fresh = await emitWithAck<Ack>(socket, "send_message", {
      messageObj: { chatId, message: "Too late", client_id: "closing-0002" },
    });
    expect(fresh).toEqual({ ok: false, error: "ticket_ended" });
    expect((await stored(ticket.id)).map((r) => r.message)).toEqual(["Closing now"]);
  });
});
