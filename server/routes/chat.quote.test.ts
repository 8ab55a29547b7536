/**
 * Finding 5 of the security review: reply_to quotes only what the sender may see, in this very
 * chat. Staff-only message types and other chats' messages are refused with 422, over HTTP and
 * over the socket alike, and nothing is written.
 */
import { describe, expect, it } from "vitest";
import type { TicketRow } from "../db/schema.ts";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES } from "../test/engines.ts";
import { buildChatMessage, buildTicket } from "../test/factories.ts";
import { connected, emitWithAck } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("quoting a message on %s", (engine) => {
  const server = useTestServer(engine);

  async function setup() {
    const { member, staff, ticket, player, agent, chatId } = await buildChatParties(server);
    const staffLine = { sender_id: staff.id, sender_name: staff.name, user_class: "dev" as const };
    const assignment = await buildChatMessage(server.store, ticket, {
      ...staffLine,
      type: "assignment",
      message: "Assigned to the fraud team: suspected account sharing",
    });
    const ban = await buildChatMessage(server.store, ticket, {
      ...staffLine,
      type: "ban_message",
      message: "Banned for 7 days: gold selling",
    });
    const visible = await buildChatMessage(server.store, ticket, { ...staffLine, message: "Please relog." });
    return { member, ticket, player, agent, assignment, ban, visible, chatId };
  }

  async function messageCount(ticket: TicketRow): Promise<number> {
    const row = await server.store.db
      .selectFrom("chat_messages")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("ticket_id", "=", ticket.id)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  it("refuses a player's HTTP quote of staff-only messages with 422 and writes nothing", async () => {
    const { player, ticket, chatId, assignment, ban } = await setup();
    const before = await messageCount(ticket);
    for (const hidden of [assignment, ban]) {
      const sent = await player.post("/api/new-chat-message", {
        chatId,
        message: "what does this say?",
        reply_to: JSON.stringify({ id: hidden.id }),
      });
      expect(sent.status).toBe(422);
      expect(sent.body.detail).toEqual([expect.objectContaining({ loc: ["body", "reply_to"] })]);
      expect(JSON.stringify(sent.body)).not.toMatch(/fraud|gold/);
    }
    expect(await messageCount(ticket)).toBe(before);
  });

  it("refuses a player's socket quote of staff-only messages and writes nothing", async () => {
    const { player, ticket, chatId, assignment, ban } = await setup();
    const socket = player.socket();
    await connected(socket);
    const before = await messageCount(ticket);
    for (const hidden of [assignment, ban]) {
      const ack = await emitWithAck(socket, "send_message", {
        messageObj: { chatId, message: "what does this say?", reply_to: { id: hidden.id } },
      });
      expect(ack).toEqual({ ok: false, error: "validation" });
    }
    // The spec's top-level reply_to / replyTo variants take the same road.
    expect(
      await emitWithAck(socket, "send_message", {
        messageObj: { chatId, message: "and this?" },
        replyTo: { id: ban.id },
      }),
    ).toEqual({ ok: false, error: "validation" });
    expect(await messageCount(ticket)).toBe(before);
  });

  it("refuses quoting a message of another chat, even one the sender may see, on both paths", async () => {
    const { member, player, agent, ticket, chatId } = await setup();
    const ownOther = await buildTicket(server.store, { member });
    const elsewhere = await buildChatMessage(server.store, ownOther, { message: "from my other ticket" });
    const before = await messageCount(ticket);
    const http = await player.post("/api/new-chat-message", {
      chatId,
      message: "see my other ticket",
      reply_to: JSON.stringify({ id: elsewhere.id }),
    });
    expect(http.status).toBe(422);
    const socket = agent.socket();
    await connected(socket);
    expect(
      await emitWithAck(socket, "send_message", {
        messageObj: { chatId, message: "quoting across chats", reply_to: { id: elsewhere.id } },
      }),
    ).toEqual({ ok: false, error: "validation" });
    expect(await messageCount(ticket)).toBe(before);
  });

  it("quotes what the sender may see, with the stored text rather than the client's copy", async () => {
    const { player, agent, chatId, visible, assignment } = await setup();
    const sent = await player.post("/api/new-chat-message", {
      chatId,
      message: "Done, it works",
      reply_to: JSON.stringify({ id: visible.id, message: "forged text", sender_name: "Admin" }),
    });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toMatchObject({
      reply_to: { id: visible.id, message: "Please relog.", sender_name: visible.sender_name, user_class: "dev" },
    });
    // The quote names the quoted line's side, so the player reads a quote of their own line as "You".
    const own = sent.body.message as { id: number };
    const quotingOwn = await player.post("/api/new-chat-message", {
      chatId,
      message: "and again",
      reply_to: JSON.stringify({ id: own.id }),
    });
    expect(quotingOwn.body.message).toMatchObject({ reply_to: { id: own.id, user_class: "user" } });
    // Staff see assignment messages, so they may quote them.
    const socket = agent.socket();
    await connected(socket);
    const ack = await emitWithAck<{ ok: boolean; data: Record<string, unknown> }>(socket, "send_message", {
      messageObj: { chatId, message: "as noted", reply_to: { id: assignment.id } },
    });
    expect(ack.ok).toBe(true);
    expect(ack.data.reply_to).toMatchObject({ id: assignment.id, message: assignment.message });
  });
});
