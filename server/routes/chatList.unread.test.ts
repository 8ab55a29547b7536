/**
 * Unread marks of the chat list (docs/decisions/chat-list-and-notifications.md) over real HTTP and
 * socket.io on both engines: staff seeing the player's messages clears the badge in every holder's
 * list, and Mark unread brings it back for the caller only, kept on the server and announced to
 * their other tabs until their next visit.
 */
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import type { UnreadChat } from "../../common/schemas/chatList.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import { ENGINES } from "../test/engines.ts";
import { buildChatMessage, buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { caughtUp, connected, emitWithAck, nextEvent, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

type UnreadMessage = { unread_chat: UnreadChat };

describe.each(ENGINES)("chat list unread marks on %s", (engine) => {
  const server = useTestServer(engine);

  async function staffMember() {
    const user = await buildStaff(server.store, { rank: "mod" });
    const client = server.client();
    await client.signIn(user.email, FACTORY_PASSWORD);
    return { user, client };
  }

  async function ownSocket(client: TestClient, userId: number): Promise<Socket> {
    const socket = client.socket();
    await connected(socket);
    expect(await emitWithAck(socket, "join_chatroom", { room_id: userId, name: userId })).toEqual({ ok: true });
    return socket;
  }

  /** A ticket with one unread message of its player, in the chat lists of `holders`. */
  async function unreadTicket(...holders: { user: { id: number }; client: TestClient }[]) {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member, status: "WAITING DEV" });
    await buildChatMessage(server.store, ticket);
    for (const h of holders) await h.client.post("/api/add-ticket-to-chat", { ticket_id: ticket.id });
    return { member, ticket };
  }

  const unreadOf = async (socket: Socket, userId: number) =>
    (
      await emitWithAck<{ data: { unread_chats: Record<string, UnreadChat> } }>(socket, "get_unread_messages", {
        user_id: userId,
      })
    ).data.unread_chats;

  it("staff seeing the player's messages clears the badge in every holder's list, without a reply", async () => {
    const [a, b] = [await staffMember(), await staffMember()];
    const { ticket } = await unreadTicket(a, b);
    const [tabA, tabB] = [await ownSocket(a.client, a.user.id), await ownSocket(b.client, b.user.id)];
    const room = encodeChatId(ticket.id);
    expect((await unreadOf(tabB, b.user.id))[room]).toMatchObject({ n_unread_chat: 1 });

    const clearedA = nextEvent<UnreadMessage>(tabA, "unread_message");
    const clearedB = nextEvent<UnreadMessage>(tabB, "unread_message");
    // A's page is open and visible: it reads the chat.
    expect(await emitWithAck(tabA, "messages_read", { chat_id: room })).toEqual({ ok: true });
    for (const cleared of [await clearedA, await clearedB])
      expect(cleared.unread_chat).toMatchObject({ room_id: room, n_unread_chat: 0, marked_unread: false });
    expect((await unreadOf(tabB, b.user.id))[room]).toBeUndefined();
  });

  it("a visit alone reads the player's messages: the counts asked after its answer are clear", async () => {
    const [a, b] = [await staffMember(), await staffMember()];
    const { ticket } = await unreadTicket(a, b);
    const [tabA, tabB] = [await ownSocket(a.client, a.user.id), await ownSocket(b.client, b.user.id)];
    const room = encodeChatId(ticket.id);
    const clearedB = nextEvent<UnreadMessage>(tabB, "unread_message");
    // What the staff shell does on a visible ticket page: the visit, then the list's counts.
    expect(await emitWithAck(tabA, "user_ticket_visit", { ticket_id: ticket.id })).toEqual({ ok: true });
    expect((await unreadOf(tabA, a.user.id))[room]).toBeUndefined();
    expect((await clearedB).unread_chat).toMatchObject({ room_id: room, n_unread_chat: 0 });
    const [message] = await server.store.db
      .selectFrom("chat_messages")
      .select("read")
      .where("ticket_id", "=", ticket.id)
      .execute();
    expect(message?.read).toBe(1);
  });

  it("Mark unread brings the badge back for the caller only, on every tab, until their next visit", async () => {
    const [a, b] = [await staffMember(), await staffMember()];
    const { ticket } = await unreadTicket(a, b);
    const room = encodeChatId(ticket.id);
    const [tab1, tab2, tabB] = [
      await ownSocket(a.client, a.user.id),
      await ownSocket(a.client, a.user.id),
      await ownSocket(b.client, b.user.id),
    ];
    await emitWithAck(tab1, "messages_read", { chat_id: room });
    await emitWithAck(tab1, "user_ticket_visit", { ticket_id: ticket.id });
    await caughtUp(tab2);
    await caughtUp(tabB);
    const heardByB: unknown[] = [];
    tabB.on("unread_message", (p: unknown) => heardByB.push(p));

    const announced = nextEvent<UnreadMessage>(tab2, "unread_message");
    const marked = await a.client.post("/api/mark-chat-unread", { ticket_id: ticket.id });
    expect(marked.status).toBe(200);
    expect(marked.body.unread_chat).toMatchObject({ room_id: room, n_unread_chat: 0, marked_unread: true });
    expect((await announced).unread_chat).toMatchObject({ room_id: room, marked_unread: true });
    // Kept on the server: a fresh read of the list shows it; the other holder's list does not.
    expect((await unreadOf(tab1, a.user.id))[room]).toMatchObject({ marked_unread: true });
    expect((await unreadOf(tabB, b.user.id))[room]).toBeUndefined();
    await caughtUp(tabB);
    expect(heardByB).toEqual([]);

    // Marking again changes and announces nothing; the visit clears it on every tab.
    const again = await a.client.post("/api/mark-chat-unread", { ticket_id: ticket.id });
    expect(again.body.unread_chat).toMatchObject({ marked_unread: true });
    const cleared = nextEvent<UnreadMessage>(tab2, "unread_message");
    expect(await emitWithAck(tab1, "user_ticket_visit", { ticket_id: ticket.id })).toEqual({ ok: true });
    expect((await cleared).unread_chat).toMatchObject({ room_id: room, marked_unread: false });
    expect((await unreadOf(tab1, a.user.id))[room]).toBeUndefined();
  });

  it("Mark unread on a chat outside the list adds it, marked; no such ticket is 404; players are refused", async () => {
    const a = await staffMember();
    const ticket = await buildTicket(server.store, { member: await buildMember(server.store) });
    const tab = await ownSocket(a.client, a.user.id);
    const added = nextEvent<{ ticket: { id: number } }>(tab, "new_active_chat");
    const marked = await a.client.post("/api/mark-chat-unread", { ticket_id: ticket.id });
    expect(marked.status).toBe(200);
    expect((await added).ticket.id).toBe(ticket.id);
    expect((await a.client.get("/api/fetch-active-chat-ids")).body.active_chat_ids).toEqual([ticket.id]);

    const missing = await a.client.post("/api/mark-chat-unread", { ticket_id: 2_000_000_000 });
    expect(missing.status).toBe(404);
    const bad = await a.client.post("/api/mark-chat-unread", { ticket_id: "x" });
    expect(bad.status).toBe(422);

    const member = await buildMember(server.store);
    const player = await openSession(server, server.client(), member);
    const refused = await player.post("/api/mark-chat-unread", { ticket_id: ticket.id });
    expect(refused.status).toBe(403);
    const rows = await server.store.db
      .selectFrom("active_chats")
      .select("user_id")
      .where("ticket_id", "=", ticket.id)
      .execute();
    expect(rows.map((r) => r.user_id)).toEqual([a.user.id]);
  });
});
