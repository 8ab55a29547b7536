/**
 * sendChatMessage as a use case, on both engines and both ways a message is written: a plain
 * message (on PostgreSQL one statement, repositories/messageWrite.ts) and one that quotes an
 * earlier message (always the transaction). Each way must leave the same ticket, read marks,
 * chat list and notifications, and announce the same events: both take them from
 * domain/chatMessage.ts.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import type { AppContext } from "../context.ts";
import type { DomainEvents } from "../events.ts";
import type { UserRow } from "../repositories/users.ts";
import { ENGINES } from "../test/engines.ts";
import { buildChatMessage, buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { userRow as readUser, sessionOf } from "../test/rows.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { sendChatMessage } from "./sendChatMessage.ts";

const WAYS = ["plain", "quoting"] as const;

describe.each(ENGINES)("sendChatMessage on %s", (engine) => {
  let ctx: AppContext;
  const heard: { name: keyof DomainEvents; ticketId: number }[] = [];
  const server = useTestServer(engine);
  beforeAll(async () => {
    ctx = server.node.ctx;
    for (const name of ["message.created", "ticket.updated", "messages.read", "chatList.added"] as const) {
      ctx.events.on(name, (event) => {
        const ticket = "ticket" in event ? event.ticket : event.tickets[0];
        if (ticket) heard.push({ name, ticketId: ticket.id });
      });
    }
  });

  const db = () => server.store.db;
  const userRow = (id: number) => readUser(db(), id);
  const eventsOf = (ticketId: number) => heard.filter((e) => e.ticketId === ticketId).map((e) => e.name);

  async function send(
    sender: UserRow,
    ticketId: number,
    way: (typeof WAYS)[number],
    quoted: number,
    message = "Hello there.",
  ) {
    return sendChatMessage(ctx, sender, sessionOf(sender), {
      ticketId,
      message,
      replyTo: way === "quoting" ? { id: quoted, sender_name: "", message: "" } : null,
      uploadedNames: [],
      newFiles: [],
      ip: "203.0.113.9",
    });
  }

  describe.each(WAYS)("a %s message", (way) => {
    it("a first staff reply answers the ticket, reads the player's lines and follows the ticket", async () => {
      const member = await buildMember(server.store);
      const staff = await userRow((await buildStaff(server.store, { rank: "admin" })).id);
      const ticket = await buildTicket(server.store, { member, status: "NEW TICKET" });
      const line = await buildChatMessage(server.store, ticket);
      await buildChatMessage(server.store, ticket);

      const sent = await send(staff, ticket.id, way, line.id);

      const stored = await db().selectFrom("tickets").selectAll().where("id", "=", ticket.id).executeTakeFirstOrThrow();
      expect(sent.ticket).toEqual(stored);
      expect(stored).toMatchObject({
        status: "REPLIED",
        last_message_from: "staff",
        last_message_by: staff.id,
        first_reply_at: stored.last_updated,
        last_message_at: stored.last_updated,
      });
      const chat = await db()
        .selectFrom("chat_messages")
        .select(["user_class", "read"])
        .where("ticket_id", "=", ticket.id)
        .orderBy("id")
        .execute();
      expect(chat).toEqual([
        { user_class: "user", read: 1 },
        { user_class: "user", read: 1 },
        { user_class: "dev", read: 0 },
      ]);
      const follows = await db()
        .selectFrom("active_chats")
        .select("ticket_id")
        .where("user_id", "=", staff.id)
        .execute();
      expect(follows).toEqual([{ ticket_id: ticket.id }]);
      expect(eventsOf(ticket.id).sort()).toEqual(
        ["chatList.added", "message.created", "messages.read", "ticket.updated"].sort(),
      );

      // A second reply: the first-reply time stays, the ticket is followed already.
      const again = await send(staff, ticket.id, way, line.id, "Still on it.");
      expect(again.ticket.first_reply_at).toBe(stored.first_reply_at);
      expect(again.ticket.status).toBe("REPLIED");
    });

    it("a player's message hands a REPLIED ticket back and notifies its assignee once", async () => {
      const inserted = await buildMember(server.store);
      const member = await userRow(inserted.id);
      const assignee = await buildStaff(server.store, { rank: "mod" });
      const ticket = await buildTicket(server.store, { member: inserted, status: "REPLIED", assigned_to: assignee.id });
      const answer = await buildChatMessage(server.store, ticket, { user_class: "dev", sender_id: assignee.id });

      const sent = await send(member, ticket.id, way, answer.id);
      expect(sent.ticket).toMatchObject({
        status: "WAITING DEV",
        last_message_from: "user",
        last_message_by: member.id,
      });
      await send(member, ticket.id, way, answer.id, "Anyone?");

      const notifications = await db()
        .selectFrom("notifications")
        .select(["user_id", "type", "by_user_id", "read"])
        .where("ticket_id", "=", ticket.id)
        .execute();
      expect(notifications).toEqual([{ user_id: assignee.id, type: "new_message", by_user_id: member.id, read: 0 }]);
      const staffLine = await db().selectFrom("chat_messages").select("read").where("id", "=", answer.id).execute();
      expect(staffLine).toEqual([{ read: 1 }]);
      // A player follows no chat list.
      expect(
        await db().selectFrom("active_chats").select("ticket_id").where("user_id", "=", member.id).execute(),
      ).toEqual([]);
    });

    it.each(["RESOLVED", "CLOSED"] as TicketStatus[])(
      "refuses a message on a %s ticket and stores nothing",
      async (status) => {
        const inserted = await buildMember(server.store);
        const member = await userRow(inserted.id);
        const ticket = await buildTicket(server.store, { member: inserted, status });
        const line = await buildChatMessage(server.store, ticket);
        await expect(send(member, ticket.id, way, line.id)).rejects.toMatchObject({
          code: status === "RESOLVED" ? "ticket_resolved" : "ticket_ended",
        });
        expect(
          await db().selectFrom("chat_messages").select("id").where("ticket_id", "=", ticket.id).execute(),
        ).toHaveLength(1);
      },
    );
  });
});
