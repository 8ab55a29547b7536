/**
 * What each audience receives over real HTTP: a player's answers (ticket fetch, history, filing,
 * completion, chat, temporary look-up) carry none of the staff-only fields, while staff get them.
 * The shapes come from the response schemas in common/schemas/ ("response schemas per
 * audience").
 */
import { beforeAll, describe, expect, it } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { ENGINES } from "../test/engines.ts";
import { buildChatMessage, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import {
  buildPlayer,
  buildTicketWorld,
  form,
  memberTicketFields,
  type TicketWorld,
  temporaryTicketFields,
} from "../test/playerTickets.ts";
import { useTestServer } from "../test/useTestServer.ts";

const STAFF_TICKET_KEYS = [
  "priority",
  "assignedTo",
  "banned",
  "ip_origin",
  "notes_id",
  "resolved_by",
  "closed_by",
  "excuse",
  "clean",
  "retain_attachments",
];
const STAFF_MESSAGE_KEYS = ["ip_origin", "read", "from_user", "to_user", "prev_category", "new_category", "user_id"];
const STAFF_MESSAGE_TYPES = ["assignment", "ban_message"];

function expectPlayerTicket(ticket: unknown): void {
  expect(ticket).toMatchObject({ id: expect.any(Number), status: expect.any(String) });
  for (const key of STAFF_TICKET_KEYS) expect(ticket, key).not.toHaveProperty(key);
}

function expectPlayerChat(chat: unknown[]): void {
  expect(chat.length).toBeGreaterThan(0);
  for (const message of chat as Record<string, unknown>[]) {
    for (const key of STAFF_MESSAGE_KEYS) expect(message, key).not.toHaveProperty(key);
    expect(STAFF_MESSAGE_TYPES).not.toContain(message.type);
  }
}

describe.each(ENGINES)("what each audience receives on %s", (engine) => {
  let world: TicketWorld;
  const server = useTestServer(engine, { TRUST_PROXY: "true" });
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  /** A ticket assigned to a mod, banned, with staff-only messages and an origin address. */
  async function busyTicket(options: Parameters<typeof buildTicket>[1]) {
    const staff = await buildStaff(server.store, { rank: "mod" });
    const ticket = await buildTicket(server.store, {
      ...options,
      assigned_to: staff.id,
      banned: 1,
      ip_origin: "203.0.113.9",
      priority_id: world.priorityId,
      // Answered, so that its member may mark it solved.
      status: "REPLIED",
    });
    await buildChatMessage(server.store, ticket, { ip_origin: "203.0.113.9", read: 1 });
    await buildChatMessage(server.store, ticket, {
      type: "assignment",
      sender_id: staff.id,
      sender_name: staff.name,
      user_class: "dev",
      message: "Assigned to a mod",
      from_user: null,
      to_user: staff.id,
    });
    await buildChatMessage(server.store, ticket, {
      type: "ban_message",
      sender_id: staff.id,
      sender_name: staff.name,
      user_class: "dev",
      message: "Banned for spam",
      banned: 1,
    });
    await buildChatMessage(server.store, ticket, {
      sender_id: staff.id,
      sender_name: staff.name,
      user_class: "dev",
      message: "We are on it.",
      ip_origin: "198.51.100.1",
    });
    return { staff, ticket };
  }

  it("a member's ticket calls carry no staff-only field", async () => {
    const member = await buildPlayer(server.store, world);
    const { ticket } = await busyTicket({ member });
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);

    const fetched = await client.post("/api/tickets/fetch-member-ticket", { ticket_id: ticket.id });
    expect(fetched.status).toBe(200);
    expectPlayerTicket(fetched.body.ticket);

    const history = await client.post("/api/tickets/member-ticket-history", { page: 1, entries_per_page: 10 });
    expect(history.status).toBe(200);
    const tickets = history.body.tickets as unknown[];
    expect(tickets).toHaveLength(1);
    for (const t of tickets) expectPlayerTicket(t);

    const filed = await client.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world)));
    expect(filed.status).toBe(200);
    expectPlayerTicket(filed.body.ticket);

    const completed = await client.post("/api/tickets/submit-ticket-complete-member", { ticket_id: ticket.id });
    expect(completed.status).toBe(200);
    expectPlayerTicket(completed.body.ticket);
  });

  it("a member's chat shows neither staff-only messages nor origins, read ticks or ranks", async () => {
    const member = await buildPlayer(server.store, world);
    const { ticket } = await busyTicket({ member });
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const chatId = encodeChatId(ticket.id);

    const chat = await client.post("/api/fetch-chat", { chat_id: chatId });
    expect(chat.status).toBe(200);
    expectPlayerChat(chat.body.chat as unknown[]);
    expect((chat.body.chat as unknown[]).length).toBe(2);
    for (const user of chat.body.users as object[]) expect(user).not.toHaveProperty("rank");

    const sent = await client.post("/api/new-chat-message", { chatId, message: "Thanks" });
    expect(sent.status).toBe(200);
    expectPlayerChat([sent.body.message]);
  });

  it("a temporary visitor's look-up, ticket and chat carry no staff-only field", async () => {
    const headers = { "x-forwarded-for": "10.9.0.1" };
    const email = `audience-${engine}@example.test`;
    const filed = await server
      .client()
      .post("/api/tickets/submit-temporary-ticket", form(temporaryTicketFields(world, { email })), { headers });
    expect(filed.status).toBe(200);
    expect(Object.keys(filed.body).sort()).toEqual(["ticket_id", "ticket_info", "ticket_number"]);
    const ticketId = filed.body.ticket_id as number;
    const staff = await buildStaff(server.store, { rank: "mod" });
    await server.store.db
      .updateTable("tickets")
      .set({ assigned_to: staff.id, banned: 1 })
      .where("id", "=", ticketId)
      .execute();
    const row = await server.store.db
      .selectFrom("tickets")
      .selectAll()
      .where("id", "=", ticketId)
      .executeTakeFirstOrThrow();
    await buildChatMessage(server.store, row, { type: "assignment", user_class: "dev", to_user: staff.id });
    await buildChatMessage(server.store, row, { ip_origin: "203.0.113.7" });

    const visitor = server.client();
    const opened = await visitor.post("/api/tickets/search-ticket-temporary", form({ ticket_id: ticketId, email }), {
      headers,
    });
    expect(opened.status).toBe(200);
    expectPlayerTicket(opened.body.ticket);
    expect(opened.body.user).not.toHaveProperty("password_hash");

    const fetched = await visitor.post("/api/tickets/fetch-member-ticket", { ticket_id: ticketId });
    expect(fetched.status).toBe(200);
    expectPlayerTicket(fetched.body.ticket);

    const chat = await visitor.post("/api/fetch-chat", { chat_id: encodeChatId(ticketId) });
    expect(chat.status).toBe(200);
    expectPlayerChat(chat.body.chat as unknown[]);
  });

  it("staff get the whole chat: staff-only messages, origins, read ticks and ranks", async () => {
    const member = await buildPlayer(server.store, world);
    const { staff, ticket } = await busyTicket({ member });
    const agent = server.client();
    await agent.signIn(staff.email, FACTORY_PASSWORD);
    const chat = await agent.post("/api/fetch-chat", { chat_id: encodeChatId(ticket.id) });
    expect(chat.status).toBe(200);
    const messages = chat.body.chat as Record<string, unknown>[];
    expect(messages.map((m) => m.type)).toEqual(["message", "assignment", "ban_message", "message"]);
    for (const message of messages) {
      for (const key of STAFF_MESSAGE_KEYS) expect(message, key).toHaveProperty(key);
    }
    expect(messages[0]).toMatchObject({ ip_origin: "203.0.113.9", read: true });
    expect(messages[2]).toMatchObject({ banned: true });
    expect(chat.body.users).toContainEqual(expect.objectContaining({ id: staff.id, rank: "mod" }));
  });
});
