/**
 * The notifications chat messages and notes cause, over real HTTP and socket.io on both engines:
 * `tag` for @name in a staff message or note, `new_message` for the assignee of a ticket a player
 * writes on (one unread per ticket at a time), and quick replies by category.
 */
import { describe, expect, it } from "vitest";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, nextEvent } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

let names = 0;

describe.each(ENGINES)("tags and message notifications on %s", (engine) => {
  const server = useTestServer(engine);

  const notificationsOf = (userId: number) =>
    server.store.db.selectFrom("notifications").selectAll().where("user_id", "=", userId).orderBy("id").execute();

  async function signedInStaff(name: string) {
    const user = await buildStaff(server.store, { rank: "dev", name });
    const client = server.client();
    await client.signIn(user.email, FACTORY_PASSWORD);
    return { user, client };
  }

  it("notifies each staff member a note tags, never the writer nor an unknown name", async () => {
    const { agent, staff, ticket } = await buildChatParties(server);
    const n = ++names;
    const grace = await signedInStaff(`Grace Hopper ${n}`);
    const linus = await signedInStaff(`Linus ${n}`);
    const graceSocket = grace.client.socket();
    const writer = agent.socket();
    await Promise.all([connected(graceSocket), connected(writer)]);

    const live = nextEvent(graceSocket, "new_notification");
    const count = nextEvent(graceSocket, "number_notifications");
    const text = `@grace hopper ${n} and @Linus ${n}: see #${ticket.created_at}. Also @${staff.name} and @Nobody ${n}`;
    const ack = await emitWithAck<{ ok: boolean; data: { message: string } }>(writer, "send_note", {
      notes_id: `notes-${ticket.id}`,
      message: text,
    });
    expect(ack.ok).toBe(true);
    // The text is stored as written: tags are read, not rewritten.
    expect(ack.data.message).toBe(text);
    expect(await live).toMatchObject({ type: "tag", ticket_id: ticket.id, by: { id: staff.id, name: staff.name } });
    expect(await count).toEqual({ unread: 1 });

    expect(await notificationsOf(grace.user.id)).toMatchObject([{ type: "tag", ticket_id: ticket.id, read: 0 }]);
    expect(await notificationsOf(linus.user.id)).toMatchObject([{ type: "tag", by_user_id: staff.id }]);
    // Self-tag refused: the writer gets nothing.
    expect(await notificationsOf(staff.id)).toEqual([]);
  });

  it("tags the one employee a name names, however the tag is cased", async () => {
    const { agent, ticket } = await buildChatParties(server);
    const n = ++names;
    const quinn = await signedInStaff(`Quinn${n}`);
    // The database holds one active employee per name in any case: no twin can be made.
    await expect(buildStaff(server.store, { rank: "dev", name: `QUINN${n}` })).rejects.toThrow();
    const writer = agent.socket();
    await connected(writer);
    const ack = await emitWithAck<{ ok: boolean }>(writer, "send_note", {
      notes_id: `notes-${ticket.id}`,
      message: `@qUINN${n} and again @quinn${n}, please look.`,
    });
    expect(ack.ok).toBe(true);
    const tagged = await server.store.db
      .selectFrom("notifications")
      .select("user_id")
      .where("ticket_id", "=", ticket.id)
      .where("type", "=", "tag")
      .execute();
    expect(tagged).toEqual([{ user_id: quinn.user.id }]);
  });

  it("tags in a staff chat message too; a player's @name tags nobody", async () => {
    const { agent, player, chatId, ticket } = await buildChatParties(server);
    const n = ++names;
    const ada = await signedInStaff(`Ada ${n}`);
    const adaFull = await signedInStaff(`Ada ${n} Lovelace`);
    const socket = agent.socket();
    await connected(socket);
    const ack = await emitWithAck<{ ok: boolean }>(socket, "send_message", {
      messageObj: { chatId, message: `@Ada ${n} Lovelace will check.` },
    });
    expect(ack.ok).toBe(true);
    // The longest name wins: "Ada n Lovelace", not "Ada n".
    expect(await notificationsOf(adaFull.user.id)).toMatchObject([{ type: "tag", ticket_id: ticket.id }]);
    expect(await notificationsOf(ada.user.id)).toEqual([]);

    expect((await player.post("/api/new-chat-message", { chatId, message: `@Ada ${n} help!` })).status).toBe(200);
    expect(await notificationsOf(ada.user.id)).toEqual([]);
  });

  it("gives the assignee one unread new_message per ticket, and a new one after the visit", async () => {
    const { agent, player, chatId, ticket, staff, member } = await buildChatParties(server);
    const assignee = await signedInStaff(`Assignee ${++names}`);
    await server.store.db
      .updateTable("tickets")
      .set({ assigned_to: assignee.user.id })
      .where("id", "=", ticket.id)
      .execute();
    const socket = assignee.client.socket();
    await connected(socket);

    const live = nextEvent(socket, "new_notification");
    expect((await player.post("/api/new-chat-message", { chatId, message: "Hello?" })).status).toBe(200);
    expect(await live).toMatchObject({ type: "new_message", ticket_id: ticket.id, by: { id: member.id } });
    expect((await player.post("/api/new-chat-message", { chatId, message: "Anyone?" })).status).toBe(200);
    expect(await notificationsOf(assignee.user.id)).toMatchObject([{ type: "new_message", read: 0 }]);

    // Staff messages notify no one; other staff are not notified of a player's message.
    expect((await agent.post("/api/new-chat-message", { chatId, message: "On it." })).status).toBe(200);
    expect(await notificationsOf(staff.id)).toEqual([]);

    // The assignee opens the ticket: the notification is read, and the next message makes a new one.
    expect(await emitWithAck(socket, "user_ticket_visit", { ticket_id: ticket.id })).toEqual({ ok: true });
    expect((await player.post("/api/new-chat-message", { chatId, message: "Thanks" })).status).toBe(200);
    expect((await notificationsOf(assignee.user.id)).map((r) => r.read)).toEqual([1, 0]);
  });

  it("keeps one unread new_message when a player's messages arrive at once", async () => {
    const { player, chatId, ticket } = await buildChatParties(server);
    const assignee = await buildStaff(server.store, { rank: "dev" });
    await server.store.db
      .updateTable("tickets")
      .set({ assigned_to: assignee.id })
      .where("id", "=", ticket.id)
      .execute();
    const answers = await Promise.all(
      ["one", "two", "three", "four", "five"].map((message) =>
        player.post("/api/new-chat-message", { chatId, message }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await notificationsOf(assignee.id)).toMatchObject([{ type: "new_message", read: 0 }]);
  });

  it("gives no new_message notification on a ticket without an assignee", async () => {
    const { player, chatId, ticket } = await buildChatParties(server);
    expect((await player.post("/api/new-chat-message", { chatId, message: "Hello?" })).status).toBe(200);
    const rows = await server.store.db
      .selectFrom("notifications")
      .select("id")
      .where("ticket_id", "=", ticket.id)
      .execute();
    expect(rows).toEqual([]);
  });

  it("offers a category's quick replies and the general ones, to staff", async () => {
    const { agent } = await buildChatParties(server);
    const [payments, bugs] = [await buildCategory(server.store), await buildCategory(server.store)];
    const insert = async (title: string, categories: number[]) => {
      const row = await server.store.db
        .insertInto("quick_replies")
        .values({ title, message: `${title} text` })
        .returning("id")
        .executeTakeFirstOrThrow();
      if (categories.length)
        await server.store.db
          .insertInto("quick_reply_categories")
          .values(categories.map((category_id) => ({ quick_reply_id: row.id, category_id })))
          .execute();
      return row.id;
    };
    const general = await insert(`AA greeting ${++names}`, []);
    const pay = await insert(`Payment ${names}`, [payments.id]);
    const both = await insert(`Logs ${names}`, [payments.id, bugs.id]);
    await insert(`Bug only ${names}`, [bugs.id]);

    const answer = await agent.post("/api/setup/fetch-category-quick-replies", { category: payments.id });
    expect(answer.status).toBe(200);
    const replies = answer.body.quick_replies as { id: number; message: string; categories: number[] }[];
    const ids = replies.map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([general, pay, both]));
    expect(replies.some((r) => r.message.startsWith("Bug only"))).toBe(false);
    expect(replies.find((r) => r.id === both)?.categories).toEqual([payments.id, bugs.id].sort((a, b) => a - b));
    expect(replies.find((r) => r.id === general)?.categories).toEqual([]);
    expect((await agent.post("/api/setup/fetch-category-quick-replies", { category: "x" })).status).toBe(422);
  });
});
