/**
 * The sidebar chat list, pins and notifications (spec/2-staff-ticket-work.md §7) over real HTTP and socket.io on both
 * engines: every call, staff only, each staff member's list and notifications their own.
 */
import type { Socket } from "socket.io-client";
import { describe, expect, it, vi } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { nowSeconds } from "../auth/tokens.ts";
import { insertNotification } from "../repositories/notifications.ts";
import { ENGINES } from "../test/engines.ts";
import {
  buildChatMessage,
  buildMember,
  buildNote,
  buildStaff,
  buildTicket,
  FACTORY_PASSWORD,
} from "../test/factories.ts";
import { caughtUp, connected, emitWithAck, nextEvent, type TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

/** Collects every `event` a socket receives, to show that something did not arrive. */
function record(socket: Socket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

describe.each(ENGINES)("chat list and notifications on %s", (engine) => {
  const server = useTestServer(engine);

  async function staffMember(rank: "admin" | "mod" | "dev" = "mod") {
    const user = await buildStaff(server.store, { rank });
    const client = server.client();
    await client.signIn(user.email, FACTORY_PASSWORD);
    return { user, client };
  }

  /** A signed-in socket in the user's own room (as the web client joins on connect). */
  async function ownSocket(client: TestClient, userId: number): Promise<Socket> {
    const socket = client.socket();
    await connected(socket);
    expect(await emitWithAck(socket, "join_chatroom", { room_id: userId, name: userId })).toEqual({ ok: true });
    return socket;
  }

  async function ticket() {
    return buildTicket(server.store, { member: await buildMember(server.store) });
  }

  it("adds, lists and removes chats, and tells every tab of the owner", async () => {
    const a = await staffMember();
    const [t1, t2] = [await ticket(), await ticket()];
    const tab1 = await ownSocket(a.client, a.user.id);
    const tab2 = await ownSocket(a.client, a.user.id);

    const heard = [nextEvent(tab1, "new_active_chat"), nextEvent(tab2, "new_active_chat")];
    const added = await a.client.post("/api/add-ticket-to-chat", { ticket_id: t1.id });
    expect(added.status).toBe(200);
    expect(added.body).toEqual({ active_chat_ids: [t1.id] });
    for (const event of await Promise.all(heard))
      expect(event).toMatchObject({ ticket: { id: t1.id, pinned: false, ip_origin: expect.any(String) } });

    // Adding again changes nothing and announces nothing.
    const again = record(tab1, "new_active_chat");
    expect((await a.client.post("/api/add-ticket-to-chat", { ticket_id: t1.id })).body).toEqual({
      active_chat_ids: [t1.id],
    });
    await a.client.post("/api/add-tickets-to-chat", { ticket_ids: [t1.id, t2.id] });
    // new_active_chat leaves once the holder's abilities are read, after the answer: wait for it.
    // A stray announcement of t1 would have left before it, in order.
    await vi.waitFor(() => expect(again.length).toBeGreaterThan(0));
    await caughtUp(tab1);
    expect(again).toEqual([{ ticket: expect.objectContaining({ id: t2.id }) }]);

    expect((await a.client.get("/api/fetch-active-chat-ids")).body).toEqual({ active_chat_ids: [t1.id, t2.id] });
    const chats = await a.client.get<{ tickets: { id: number; pinned: boolean }[] }>("/api/fetch-active-chats");
    expect(chats.status).toBe(200);
    expect(chats.body.tickets.map((t) => t.id).sort()).toEqual([t1.id, t2.id].sort());
    expect(chats.body.tickets[0]).toMatchObject({
      pinned: false,
      status: "NEW TICKET",
      fetch_code: expect.any(String),
    });

    const removedEvent = nextEvent(tab2, "remove_active_chat");
    expect((await a.client.post("/api/remove-ticket-from-chat", { ticket_id: t1.id })).body).toEqual({
      active_chat_ids: [t2.id],
    });
    expect(await removedEvent).toEqual({ ticket_id: t1.id });
    a.client.closeSockets();
  });

  it("announces a staff member's chat-list changes in the order they happened", async () => {
    const a = await staffMember();
    const t = await ticket();
    const tab = await ownSocket(a.client, a.user.id);
    const heard: string[] = [];
    for (const event of ["new_active_chat", "ticket_pinned", "remove_active_chat"])
      tab.on(event, () => heard.push(event));
    // Back to back, as two quick clicks become: the add's announcement reads before it emits.
    const events = server.node.ctx.events;
    events.publish("chatList.added", { userId: a.user.id, tickets: [{ ...t, pinned: 0 }] });
    events.publish("chatList.pinned", { userId: a.user.id, ticketId: t.id, pinned: true });
    events.publish("chatList.removed", { userId: a.user.id, ticketIds: [t.id] });
    await vi.waitFor(() => expect(heard).toHaveLength(3));
    expect(heard).toEqual(["new_active_chat", "ticket_pinned", "remove_active_chat"]);
    a.client.closeSockets();
  });

  it("takes ticket_ids repeated in a form, refuses an unknown ticket whole and changes nothing", async () => {
    const a = await staffMember();
    const [t1, t2] = [await ticket(), await ticket()];
    const form = new URLSearchParams();
    form.append("ticket_ids", String(t1.id));
    form.append("ticket_ids", String(t2.id));
    expect((await a.client.post("/api/add-tickets-to-chat", form)).body).toEqual({
      active_chat_ids: [t1.id, t2.id].sort((x, y) => x - y),
    });
    await a.client.post("/api/remove-ticket-from-chat", { ticket_id: t1.id });

    const refused = await a.client.post("/api/add-tickets-to-chat", { ticket_ids: [t1.id, 2_000_000_000] });
    expect(refused.status).toBe(404);
    expect(refused.body).toHaveProperty("detail");
    expect((await a.client.get("/api/fetch-active-chat-ids")).body).toEqual({ active_chat_ids: [t2.id] });

    for (const bad of [{ ticket_ids: [] }, { ticket_ids: ["x"] }, { ticket_ids: [-1] }, {}]) {
      const answer = await a.client.post("/api/add-tickets-to-chat", bad);
      expect(answer.status).toBe(422);
    }
    expect((await a.client.post("/api/pin-ticket", { id: t2.id, pinned: "maybe" })).status).toBe(422);
    expect((await a.client.get("/api/fetch-active-chat-ids")).body).toEqual({ active_chat_ids: [t2.id] });
  });

  it("keeps each staff member's list to themselves: bulk removal acts on the caller, whatever userId says", async () => {
    const a = await staffMember("admin");
    const b = await staffMember("dev");
    const t = await ticket();
    const aSocket = await ownSocket(a.client, a.user.id);
    const aEvents = {
      added: record(aSocket, "new_active_chat"),
      removed: record(aSocket, "remove_active_chat"),
      pinned: record(aSocket, "ticket_pinned"),
    };

    await b.client.post("/api/add-ticket-to-chat", { ticket_id: t.id });
    await a.client.post("/api/add-ticket-to-chat", { ticket_id: t.id });
    await b.client.post("/api/pin-ticket", { id: t.id, pinned: true });

    // The admin names the dev as the list's owner: only the admin's own list changes.
    const removed = await a.client.post("/api/remove-tickets-from-chat", { ticket_ids: [t.id], userId: b.user.id });
    expect(removed.body).toEqual({ active_chat_ids: [] });
    expect((await b.client.get("/api/fetch-active-chat-ids")).body).toEqual({ active_chat_ids: [t.id] });
    expect((await b.client.post("/api/is-pinned-ticket", { id: t.id })).body).toEqual({ pinned: true });
    expect((await a.client.post("/api/is-pinned-ticket", { id: t.id })).body).toEqual({ pinned: false });

    await b.client.post("/api/remove-ticket-from-chat", { ticket_id: t.id });
    // A's removal leaves after A's add, which is announced once the holder's abilities are read.
    await vi.waitFor(() => expect(aEvents.removed.length).toBeGreaterThan(0));
    await caughtUp(aSocket);
    // A heard only of their own add and removal, never of B's.
    expect(aEvents.added).toHaveLength(1);
    expect(aEvents.removed).toEqual([{ ticket_id: t.id }]);
    expect(aEvents.pinned).toEqual([]);
    a.client.closeSockets();
  });

  it("pins and unpins: is-pinned answers, ticket_pinned reaches every tab, pinning adds to the list", async () => {
    const a = await staffMember();
    const t = await ticket();
    const tab1 = await ownSocket(a.client, a.user.id);
    const tab2 = await ownSocket(a.client, a.user.id);
    expect((await a.client.post("/api/is-pinned-ticket", { id: t.id })).body).toEqual({ pinned: false });

    const added = nextEvent(tab1, "new_active_chat");
    const pinned = [nextEvent(tab1, "ticket_pinned"), nextEvent(tab2, "ticket_pinned")];
    const answer = await a.client.post("/api/pin-ticket", { id: t.id, pinned: true });
    expect(answer.body).toEqual({ id: t.id, pinned: true });
    expect(await added).toMatchObject({ ticket: { id: t.id, pinned: true } });
    expect(await Promise.all(pinned)).toEqual([
      { ticket_id: t.id, pinned: true },
      { ticket_id: t.id, pinned: true },
    ]);
    expect((await a.client.post("/api/is-pinned-ticket", { id: t.id })).body).toEqual({ pinned: true });
    const chats = await a.client.get<{ tickets: { id: number; pinned: boolean }[] }>("/api/fetch-active-chats");
    expect(chats.body.tickets).toEqual([expect.objectContaining({ id: t.id, pinned: true })]);

    // A form sends the flag as text.
    const unpinned = nextEvent(tab2, "ticket_pinned");
    const form = new URLSearchParams({ id: String(t.id), pinned: "false" });
    expect((await a.client.post("/api/pin-ticket", form)).body).toEqual({ id: t.id, pinned: false });
    expect(await unpinned).toEqual({ ticket_id: t.id, pinned: false });
    expect((await a.client.post("/api/is-pinned-ticket", { id: t.id })).body).toEqual({ pinned: false });
    expect((await a.client.get("/api/fetch-active-chat-ids")).body).toEqual({ active_chat_ids: [t.id] });

    expect((await a.client.post("/api/is-pinned-ticket", { id: 2_000_000_000 })).status).toBe(404);
    expect((await a.client.post("/api/pin-ticket", { id: 2_000_000_000, pinned: true })).status).toBe(404);
    a.client.closeSockets();
  });

  it("refuses players on every call and event, and writes nothing for them", async () => {
    const member = await buildMember(server.store);
    const t = await buildTicket(server.store, { member });
    const player = server.client();
    await player.signIn(member.email, FACTORY_PASSWORD);
    for (const path of ["/api/fetch-active-chat-ids", "/api/fetch-active-chats"])
      expect((await player.get(path)).status).toBe(403);
    for (const [path, body] of [
      ["/api/add-ticket-to-chat", { ticket_id: t.id }],
      ["/api/add-tickets-to-chat", { ticket_ids: [t.id] }],
      ["/api/pin-ticket", { id: t.id, pinned: true }],
      ["/api/is-pinned-ticket", { id: t.id }],
      ["/api/notification/get-notifications", { n_first: 30 }],
      ["/api/notification/mark-all-read", {}],
    ] as const)
      expect((await player.post(path, body)).status).toBe(403);
    const rows = await server.store.db
      .selectFrom("active_chats")
      .selectAll()
      .where("user_id", "=", member.id)
      .execute();
    expect(rows).toEqual([]);
    const socket = player.socket();
    await connected(socket);
    expect(await emitWithAck(socket, "get_number_of_notifications", {})).toEqual({ ok: false, error: "forbidden" });
    expect(await emitWithAck(socket, "get_unread_messages", { user_id: member.id })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect((await server.client().get("/api/fetch-active-chats")).status).toBe(401);
    player.closeSockets();
  });

  it("lists notifications newest first with filters and counters, each staff member only their own", async () => {
    const a = await staffMember();
    const b = await staffMember();
    const [t1, t2] = [await ticket(), await ticket()];
    const now = nowSeconds();
    const db = server.store.db;
    await insertNotification(db, {
      userId: a.user.id,
      type: "assignment",
      ticket: t1,
      byUserId: b.user.id,
      now: now - 30,
    });
    await insertNotification(db, { userId: a.user.id, type: "new_message", ticket: t2, byUserId: null, now: now - 20 });
    await insertNotification(db, { userId: a.user.id, type: "tag", ticket: t2, byUserId: b.user.id, now: now - 10 });
    await insertNotification(db, { userId: b.user.id, type: "tag", ticket: t1, byUserId: a.user.id, now });

    type List = {
      notifications: { type: string; ticket_id: number; by: unknown; read: boolean; ticket_code: string }[];
      unread: number;
      total: number;
    };
    const all = await a.client.post<List>("/api/notification/get-notifications", { n_first: 30, unread_only: false });
    expect(all.status).toBe(200);
    expect(all.body.notifications.map((n) => n.type)).toEqual(["tag", "new_message", "assignment"]);
    expect(all.body).toMatchObject({ unread: 3, total: 3 });
    expect(all.body.notifications[0]).toMatchObject({
      ticket_id: t2.id,
      ticket_created_at: t2.created_at,
      by: { id: b.user.id, name: b.user.name },
      read: false,
      seen: false,
    });
    expect(all.body.notifications[1]!.by).toBeNull();
    const two = await a.client.post<List>("/api/notification/get-notifications", { n_first: 2 });
    expect(two.body.notifications).toHaveLength(2);
    const tags = await a.client.post<List>("/api/notification/get-notifications", { n_first: 500, type: "tag" });
    expect(tags.body.notifications.map((n) => n.ticket_id)).toEqual([t2.id]);
    const form = new URLSearchParams({ n_first: "30", unread_only: "true", type: "assignment" });
    expect((await a.client.post<List>("/api/notification/get-notifications", form)).body.notifications).toHaveLength(1);
    for (const bad of [{ n_first: 0 }, { n_first: 501 }, { type: "ban" }, { unread_only: "yes" }])
      expect((await a.client.post("/api/notification/get-notifications", bad)).status).toBe(422);

    // Visiting a ticket reads its notifications (and only the visitor's).
    const socket = await ownSocket(a.client, a.user.id);
    const count = nextEvent(socket, "number_notifications");
    expect(await emitWithAck(socket, "user_ticket_visit", { ticket_id: t2.id })).toEqual({ ok: true });
    expect(await count).toEqual({ unread: 1 });
    const unread = await a.client.post<List>("/api/notification/get-notifications", { n_first: 30, unread_only: true });
    expect(unread.body.notifications.map((n) => n.type)).toEqual(["assignment"]);
    expect(unread.body).toMatchObject({ unread: 1, total: 3 });

    const bList = await b.client.post<List>("/api/notification/get-notifications", { n_first: 30 });
    expect(bList.body.notifications).toEqual([expect.objectContaining({ ticket_id: t1.id, read: false })]);
    expect(bList.body).toMatchObject({ unread: 1, total: 1 });
    a.client.closeSockets();
  });

  it("marks all read for the caller only, telling every tab; get_number_of_notifications answers the count", async () => {
    const a = await staffMember();
    const b = await staffMember("dev");
    const t = await ticket();
    const db = server.store.db;
    const now = nowSeconds();
    // Two for A (one unread new_message per ticket at a time: the second is a tag), one for B.
    for (const [userId, type] of [
      [a.user.id, "new_message"],
      [a.user.id, "tag"],
      [b.user.id, "new_message"],
    ] as const)
      await insertNotification(db, { userId, type, ticket: t, byUserId: null, now });

    const tab1 = await ownSocket(a.client, a.user.id);
    const tab2 = await ownSocket(a.client, a.user.id);
    const bSocket = await ownSocket(b.client, b.user.id);
    const pushed = nextEvent(tab2, "number_notifications");
    expect(await emitWithAck(tab1, "get_number_of_notifications", {})).toEqual({ ok: true, data: { unread: 2 } });
    expect(await pushed).toEqual({ unread: 2 });

    const bHears = record(bSocket, "mark_all_read");
    const events = [nextEvent(tab1, "mark_all_read"), nextEvent(tab2, "number_notifications")];
    const marked = await a.client.post("/api/notification/mark-all-read");
    expect(marked.body).toEqual({ marked: 2, unread: 0 });
    expect(await Promise.all(events)).toEqual([{}, { unread: 0 }]);
    expect((await a.client.post("/api/notification/mark-all-read")).body).toEqual({ marked: 0, unread: 0 });
    await caughtUp(bSocket);
    expect(bHears).toEqual([]);
    expect(await emitWithAck(bSocket, "get_number_of_notifications", {})).toEqual({ ok: true, data: { unread: 1 } });
    a.client.closeSockets();
    b.client.closeSockets();
  });

  it("answers unread info per chat keyed by room_id, and unread_message on a new player message", async () => {
    const a = await staffMember();
    const other = await staffMember();
    const member = await buildMember(server.store);
    const t = await buildTicket(server.store, { member });
    const quiet = await ticket();
    await buildChatMessage(server.store, t, { user_class: "user", sender_id: member.id });
    await buildChatMessage(server.store, t, { user_class: "user", sender_id: member.id });
    await buildNote(server.store, t, other.user);
    await buildNote(server.store, t, a.user);
    await insertNotification(server.store.db, {
      userId: a.user.id,
      type: "tag",
      ticket: t,
      byUserId: other.user.id,
      now: nowSeconds(),
    });
    await a.client.post("/api/add-tickets-to-chat", { ticket_ids: [t.id, quiet.id] });

    const socket = await ownSocket(a.client, a.user.id);
    const room = encodeChatId(t.id);
    const pushed = nextEvent(socket, "unread_messages");
    const ack = await emitWithAck(socket, "get_unread_messages", { user_id: a.user.id });
    const expected = {
      [room]: {
        room_id: room,
        ticket_id: t.id,
        n_unread_chat: 2,
        n_unread_notes: 1,
        tagged: true,
        marked_unread: false,
      },
    };
    expect(ack).toEqual({ ok: true, data: { unread_chats: expected } });
    expect(await pushed).toEqual({ unread_chats: expected });
    expect(await emitWithAck(socket, "get_unread_messages", { user_id: other.user.id })).toEqual({
      ok: false,
      error: "forbidden",
    });

    // A new player message in a chat of the list: its fresh marks, to the list's owner.
    const player = server.client();
    await player.signIn(member.email, FACTORY_PASSWORD);
    const otherSocket = await ownSocket(other.client, other.user.id);
    const otherHears = record(otherSocket, "unread_message");
    const live = nextEvent(socket, "unread_message");
    expect((await player.post("/api/new-chat-message", { chatId: room, message: "Any news?" })).status).toBe(200);
    expect(await live).toEqual({ unread_chat: { ...expected[room], n_unread_chat: 3 } });

    // Reading: staff read the chat, the visit reads the notes and the tag.
    expect(await emitWithAck(socket, "messages_read", { sender_id: a.user.id, chat_id: room })).toEqual({ ok: true });
    expect(await emitWithAck(socket, "user_ticket_visit", { ticket_id: t.id })).toEqual({ ok: true });
    expect(await emitWithAck(socket, "get_unread_messages", { user_id: a.user.id })).toEqual({
      ok: true,
      data: { unread_chats: {} },
    });
    // The fan-out writes to every holder at once: the owner heard it, so the other's socket has too.
    await caughtUp(otherSocket);
    expect(otherHears).toEqual([]); // not in the other staff member's list
    a.client.closeSockets();
    other.client.closeSockets();
    player.closeSockets();
  });

  it("follows the work: an assignment and a staff reply put the ticket in that staff member's list", async () => {
    const assignee = await staffMember("dev");
    const admin = await staffMember("admin");
    const member = await buildMember(server.store);
    const t = await buildTicket(server.store, { member });
    const socket = await ownSocket(assignee.client, assignee.user.id);

    // The assign use case (ticket page part) publishes ticket.assigned after its commit.
    const assigned = await server.store.db
      .updateTable("tickets")
      .set({ assigned_to: assignee.user.id })
      .where("id", "=", t.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const heard = nextEvent(socket, "new_active_chat");
    server.node.ctx.events.publish("ticket.assigned", {
      ticket: assigned,
      previousAssignee: null,
      byUserId: admin.user.id,
    });
    expect(await heard).toMatchObject({ ticket: { id: t.id, assignedTo: assignee.user.id, pinned: false } });
    expect((await assignee.client.get("/api/fetch-active-chat-ids")).body).toEqual({ active_chat_ids: [t.id] });
    // Announced after the write: the list already held it when the event arrived (checked above).

    // Unassigning adds nothing anywhere.
    const before = await server.store.db.selectFrom("active_chats").selectAll().execute();
    server.node.ctx.events.publish("ticket.assigned", {
      ticket: { ...assigned, assigned_to: null },
      previousAssignee: assignee.user.id,
      byUserId: admin.user.id,
    });
    // A later assignment takes the same way: once it is heard, the unassignment has had its turn.
    const later = await buildTicket(server.store, { member, assigned_to: assignee.user.id });
    const laterHeard = nextEvent(socket, "new_active_chat");
    server.node.ctx.events.publish("ticket.assigned", {
      ticket: later,
      previousAssignee: null,
      byUserId: admin.user.id,
    });
    expect(await laterHeard).toMatchObject({ ticket: { id: later.id } });
    expect(await server.store.db.selectFrom("active_chats").selectAll().execute()).toHaveLength(before.length + 1);

    // The admin replies: the ticket enters the admin's list too.
    const adminSocket = await ownSocket(admin.client, admin.user.id);
    const adminHeard = nextEvent(adminSocket, "new_active_chat");
    const reply = await admin.client.post("/api/new-chat-message", { chatId: encodeChatId(t.id), message: "On it." });
    expect(reply.status).toBe(200);
    expect(await adminHeard).toMatchObject({ ticket: { id: t.id } });
    expect((await admin.client.get("/api/fetch-active-chat-ids")).body).toEqual({ active_chat_ids: [t.id] });

    // A player's own message adds nothing to the player (players have no list).
    const player = server.client();
    await player.signIn(member.email, FACTORY_PASSWORD);
    // The message's work after its commit ends with the unread marks of the list's holders.
    const adminUnread = nextEvent(adminSocket, "unread_message");
    await player.post("/api/new-chat-message", { chatId: encodeChatId(t.id), message: "Thanks" });
    await adminUnread;
    const memberRows = await server.store.db
      .selectFrom("active_chats")
      .selectAll()
      .where("user_id", "=", member.id)
      .execute();
    expect(memberRows).toEqual([]);
    assignee.client.closeSockets();
    admin.client.closeSockets();
  });
});
