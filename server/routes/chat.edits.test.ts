/**
 * Staff edit and delete their own chat messages (spec/2-staff-ticket-work.md §4, §6) over real socket.io clients on
 * both engines: both audiences hear the change in their own presentation, quotes follow the
 * quoted message, and every refusal leaves the row as it was.
 */
import { describe, expect, it } from "vitest";
import type { PlayerMessage, StaffMessage } from "../../common/schemas/chatResponses.ts";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES } from "../test/engines.ts";
import { buildChatMessage, buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, nextEvent } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

type Ack<T = StaffMessage> = { ok: boolean; error?: string; data?: T };

describe.each(ENGINES)("editing and deleting chat messages on %s", (engine) => {
  const server = useTestServer(engine);

  async function parties() {
    const p = await buildChatParties(server);
    const staffSocket = p.agent.socket();
    const playerSocket = p.player.socket();
    await Promise.all([connected(staffSocket), connected(playerSocket)]);
    expect((await emitWithAck<Ack>(staffSocket, "join_chatroom", { room_id: p.chatId })).ok).toBe(true);
    expect((await emitWithAck<Ack>(playerSocket, "join_chatroom", { room_id: p.chatId })).ok).toBe(true);
    const send = async (message: string, reply_to?: { id: number }) => {
      const ack = await emitWithAck<Ack>(staffSocket, "send_message", {
        messageObj: { chatId: p.chatId, message },
        reply_to,
      });
      expect(ack.ok, JSON.stringify(ack)).toBe(true);
      return ack.data!;
    };
    const row = (id: number) =>
      server.store.db.selectFrom("chat_messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    return { ...p, staffSocket, playerSocket, send, row };
  }

  it("edits an own message: Edited for both audiences, each in its own shape", async () => {
    const p = await parties();
    const sent = await p.send("Please restart the game");
    const staffHeard = nextEvent<StaffMessage>(p.staffSocket, "edited_message");
    const playerHeard = nextEvent<PlayerMessage>(p.playerSocket, "edited_message");
    const ack = await emitWithAck<Ack>(p.staffSocket, "edit_message", {
      chat_id: p.chatId,
      message_id: sent.id,
      message: "  Please restart the launcher  ",
    });
    expect(ack.ok).toBe(true);
    expect(ack.data).toMatchObject({ id: sent.id, message: "Please restart the launcher", edited: true });
    expect(await staffHeard).toMatchObject({ id: sent.id, edited: true, ip_origin: expect.any(String) });
    const playerView = await playerHeard;
    expect(playerView).toMatchObject({ id: sent.id, message: "Please restart the launcher", edited: true });
    expect(playerView).not.toHaveProperty("ip_origin");
    expect(playerView).not.toHaveProperty("read");
    const chat = await p.player.post<{ chat: PlayerMessage[] }>("/api/fetch-chat", { chat_id: p.chatId });
    expect(chat.body.chat.find((m) => m.id === sent.id)).toMatchObject({
      edited: true,
      message: "Please restart the launcher",
    });
    expect((await p.row(sent.id)).edited).toBe(1);
  });

  it("deletes an own message: the row stays, its text and quotes of it are gone for everyone", async () => {
    const p = await parties();
    const secret = await p.send("The admin password is hunter2");
    const quoting = await p.send("Ignore the message above", { id: secret.id });
    expect(quoting.reply_to).toMatchObject({ id: secret.id, message: "The admin password is hunter2" });
    const playerHeard = nextEvent<PlayerMessage>(p.playerSocket, "deleted_message");
    const staffHeard = nextEvent<StaffMessage>(p.staffSocket, "deleted_message");
    const ack = await emitWithAck<Ack>(p.staffSocket, "delete_message", { chat_id: p.chatId, message_id: secret.id });
    expect(ack.ok).toBe(true);
    expect(await playerHeard).toMatchObject({ id: secret.id, deleted: true, message: "", attachments: [] });
    expect(await staffHeard).toMatchObject({ id: secret.id, deleted: true, message: "" });
    expect(await p.row(secret.id)).toMatchObject({ deleted: 1 });
    for (const client of [p.player, p.agent]) {
      const chat = await client.post<{ chat: PlayerMessage[] }>("/api/fetch-chat", { chat_id: p.chatId });
      expect(JSON.stringify(chat.body)).not.toContain("hunter2");
      expect(chat.body.chat.find((m) => m.id === quoting.id)?.reply_to).toEqual({
        id: secret.id,
        sender_name: p.staff.name,
        user_class: "dev",
        message: "",
        deleted: true,
      });
    }
    // A deleted message cannot be edited, deleted again or quoted.
    const again = await emitWithAck<Ack>(p.staffSocket, "edit_message", {
      chat_id: p.chatId,
      message_id: secret.id,
      message: "back",
    });
    expect(again).toEqual({ ok: false, error: "message_not_editable" });
    expect(
      await emitWithAck<Ack>(p.staffSocket, "delete_message", { chat_id: p.chatId, message_id: secret.id }),
    ).toEqual({ ok: false, error: "message_not_editable" });
    const quoteDeleted = await emitWithAck<Ack>(p.staffSocket, "send_message", {
      messageObj: { chatId: p.chatId, message: "re" },
      reply_to: { id: secret.id },
    });
    expect(quoteDeleted).toEqual({ ok: false, error: "validation" });
  });

  it("an edit carries into quotes of the message", async () => {
    const p = await parties();
    const first = await p.send("Version 1.2");
    const quoting = await p.send("see above", { id: first.id });
    await emitWithAck<Ack>(p.staffSocket, "edit_message", {
      chat_id: p.chatId,
      message_id: first.id,
      message: "Version 1.3",
    });
    const chat = await p.player.post<{ chat: PlayerMessage[] }>("/api/fetch-chat", { chat_id: p.chatId });
    expect(chat.body.chat.find((m) => m.id === quoting.id)?.reply_to?.message).toBe("Version 1.3");
  });

  it("refuses other people's messages, system messages, players and bad input, changing nothing", async () => {
    const p = await parties();
    const own = await p.send("Mine");
    const playerMessage = await buildChatMessage(server.store, p.ticket, { message: "player text" });
    const colleague = await buildStaff(server.store, { rank: "admin" });
    const colleagueMessage = await buildChatMessage(server.store, p.ticket, {
      sender_id: colleague.id,
      sender_name: colleague.name,
      user_class: "dev",
      message: "colleague text",
    });
    const system = await buildChatMessage(server.store, p.ticket, {
      type: "completion",
      sender_id: p.staff.id,
      sender_name: p.staff.name,
      user_class: "dev",
      completed_status: "RESOLVED",
      message: "",
    });
    const edit = (socket: typeof p.staffSocket, message_id: number, message = "changed") =>
      emitWithAck<Ack>(socket, "edit_message", { chat_id: p.chatId, message_id, message });
    // Even an admin edits only their own messages (spec/2-staff-ticket-work.md §6).
    const admin = server.client();
    await admin.signIn(colleague.email, FACTORY_PASSWORD);
    const adminSocket = admin.socket();
    await connected(adminSocket);
    expect(await edit(adminSocket, own.id)).toEqual({ ok: false, error: "forbidden" });
    expect(await edit(p.staffSocket, colleagueMessage.id)).toEqual({ ok: false, error: "forbidden" });
    expect(await edit(p.staffSocket, playerMessage.id)).toEqual({ ok: false, error: "forbidden" });
    expect(await edit(p.staffSocket, system.id)).toEqual({ ok: false, error: "message_not_editable" });
    expect(await edit(p.playerSocket, playerMessage.id)).toEqual({ ok: false, error: "forbidden" });
    expect(await edit(p.staffSocket, own.id, "   ")).toEqual({ ok: false, error: "validation" });
    expect(await edit(p.staffSocket, 2_000_000_000)).toEqual({ ok: false, error: "not_found" });
    expect(
      await emitWithAck<Ack>(p.playerSocket, "delete_message", { chat_id: p.chatId, message_id: playerMessage.id }),
    ).toEqual({ ok: false, error: "forbidden" });
    expect(await emitWithAck<Ack>(adminSocket, "delete_message", { chat_id: p.chatId, message_id: own.id })).toEqual({
      ok: false,
      error: "forbidden",
    });
    for (const id of [own.id, playerMessage.id, colleagueMessage.id, system.id]) {
      expect(await p.row(id)).toMatchObject({ edited: 0, deleted: 0 });
    }
    expect((await p.row(own.id)).message).toBe("Mine");
  });

  it("an edit racing a delete never revives the message", async () => {
    const p = await parties();
    const sent = await p.send("race");
    const [edited, deleted] = await Promise.all([
      emitWithAck<Ack>(p.staffSocket, "edit_message", { chat_id: p.chatId, message_id: sent.id, message: "raced" }),
      emitWithAck<Ack>(p.staffSocket, "delete_message", { chat_id: p.chatId, message_id: sent.id }),
    ]);
    expect(deleted.ok).toBe(true);
    expect([true, false]).toContain(edited.ok);
    expect(await p.row(sent.id)).toMatchObject({ deleted: 1 });
    const chat = await p.player.post<{ chat: PlayerMessage[] }>("/api/fetch-chat", { chat_id: p.chatId });
    expect(chat.body.chat.find((m) => m.id === sent.id)).toMatchObject({ deleted: true, message: "" });
  });
});
