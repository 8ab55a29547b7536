/**
 * The one-statement write of a plain chat message (PostgreSQL): the same rows as the transaction
 * writes, answered as a re-read would show them, and nothing at all when the ticket's status is no
 * longer the one the sender saw.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import { messageEffects } from "../domain/chatMessage.ts";
import type { InsertedUser } from "../seed/users.ts";
import { createTestStore, TEST_DATABASE_URL, type TestStore } from "../test/engines.ts";
import { buildChatMessage, buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { storePlainMessage } from "./messageWrite.ts";

describe.skipIf(!TEST_DATABASE_URL)("storePlainMessage (postgres; needs TEST_DATABASE_URL)", () => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore("postgres");
  });
  afterAll(() => store.close());

  const chat = (ticketId: number) =>
    store.db.selectFrom("chat_messages").selectAll().where("ticket_id", "=", ticketId).orderBy("id").execute();
  const following = (userId: number) =>
    store.db.selectFrom("active_chats").select("ticket_id").where("user_id", "=", userId).execute();
  /** One line: the ticket as the sender read it, and what they wrote. */
  interface Line {
    ticketId: number;
    seen: TicketStatus;
    now: number;
    message: string;
    clientId?: string;
    /** The ticket had its first staff reply already. */
    answered?: boolean;
  }
  const store_ = (sender: InsertedUser, senderClass: "dev" | "user", { answered, clientId, ...line }: Line) =>
    storePlainMessage(store.db, {
      ...line,
      effects: messageEffects(
        { id: sender.id, class: senderClass },
        { status: line.seen, first_reply_at: answered ? 1 : null },
        line.now,
      ),
      senderId: sender.id,
      senderName: sender.name,
      senderClass,
      ip: senderClass === "dev" ? "203.0.113.7" : "198.51.100.4",
      clientId: clientId ?? null,
      notificationExpires: line.now + 1000,
    });
  const staffReply = (staff: InsertedUser, line: Line) => store_(staff, "dev", line);
  const playerLine = (member: InsertedUser, line: Line) => store_(member, "user", line);

  it("stores a staff reply, moves the ticket, marks the player's messages read and follows the ticket", async () => {
    const member = await buildMember(store);
    const staff = await buildStaff(store);
    const ticket = await buildTicket(store, { member, status: "NEW TICKET" });
    await buildChatMessage(store, ticket);
    await buildChatMessage(store, ticket);

    const stored = await staffReply(staff, {
      ticketId: ticket.id,
      seen: "NEW TICKET",
      now: 1_800_000_000,
      message: "We are looking into it.",
      clientId: "c-1",
    });

    const ticketNow = await store.db.selectFrom("tickets").selectAll().where("id", "=", ticket.id).executeTakeFirst();
    const rows = await chat(ticket.id);
    // Answered exactly as the rows read back, types included (the message comes through JSON).
    expect(stored).toEqual({ ticket: ticketNow, message: rows[2], read: 2, followed: true, notifications: [] });
    expect(ticketNow).toMatchObject({
      status: "REPLIED",
      last_updated: 1_800_000_000,
      last_message_at: 1_800_000_000,
      last_message_from: "staff",
      last_message_by: staff.id,
      first_reply_at: 1_800_000_000,
    });
    expect(rows.map((r) => [r.user_class, r.read])).toEqual([
      ["user", 1],
      ["user", 1],
      ["dev", 0],
    ]);
    expect(rows[2]).toMatchObject({ type: "message", attachments: "[]", reply_to: null, client_id: "c-1" });
    expect(await following(staff.id)).toEqual([{ ticket_id: ticket.id }]);

    // Already followed, nothing left unread, status kept: the same statement says so.
    const again = await staffReply(staff, {
      ticketId: ticket.id,
      seen: "REPLIED",
      now: 1_800_000_001,
      message: "Still on it.",
      answered: true,
    });
    expect(again).toMatchObject({
      read: 0,
      followed: false,
      ticket: { status: "REPLIED", first_reply_at: 1_800_000_000 },
    });
  });

  it("gives the assignee one new_message notification for a player's messages until it is read", async () => {
    const member = await buildMember(store);
    const assignee = await buildStaff(store);
    const ticket = await buildTicket(store, { member, status: "REPLIED", assigned_to: assignee.id });
    const first = await playerLine(member, {
      ticketId: ticket.id,
      seen: "REPLIED",
      now: 1_800_000_000,
      message: "Any news?",
    });
    const stored = await store.db.selectFrom("notifications").selectAll().where("ticket_id", "=", ticket.id).execute();
    expect(stored).toMatchObject([
      { user_id: assignee.id, type: "new_message", by_user_id: member.id, read: 0, expires: 1_800_001_000 },
    ]);
    expect(first?.notifications).toEqual(stored);
    expect(first?.ticket.status).toBe("WAITING DEV");

    // One unread per ticket: the next message adds none (migration 0010's index).
    const second = await playerLine(member, {
      ticketId: ticket.id,
      seen: "WAITING DEV",
      now: 1_800_000_005,
      message: "Hello?",
    });
    expect(second?.notifications).toEqual([]);
    expect(
      await store.db.selectFrom("notifications").select("id").where("ticket_id", "=", ticket.id).execute(),
    ).toHaveLength(1);
  });

  it("writes nothing when the ticket's status is no longer the one the sender saw", async () => {
    const member = await buildMember(store);
    const staff = await buildStaff(store);
    const ticket = await buildTicket(store, { member, status: "CLOSED" });
    await buildChatMessage(store, ticket);

    const stored = await staffReply(staff, {
      ticketId: ticket.id,
      seen: "WAITING DEV",
      now: 1_800_000_000,
      message: "Too late.",
    });

    expect(stored).toBeUndefined();
    expect(await chat(ticket.id)).toMatchObject([{ read: 0, user_class: "user" }]);
    expect(await following(staff.id)).toEqual([]);
    const unchanged = await store.db.selectFrom("tickets").selectAll().where("id", "=", ticket.id).executeTakeFirst();
    expect(unchanged).toEqual(ticket);
  });
});
