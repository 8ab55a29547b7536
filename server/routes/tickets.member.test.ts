import { describe, expect, it } from "vitest";
import { decodeFetchCode } from "../../common/ticket-code.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { useTestServer } from "../test/useTestServer.ts";

const HISTORY = "/api/tickets/member-ticket-history";
const FETCH = "/api/tickets/fetch-member-ticket";
const COMPLETE = "/api/tickets/submit-ticket-complete-member";

describe.each(ENGINES)("a member's own tickets on %s", (engine) => {
  const server = useTestServer(engine);

  async function memberClient() {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    return { member, client };
  }

  it("pages the history newest first and remembers the page size", async () => {
    const { member, client } = await memberClient();
    const base = 1_500_000_000;
    for (let i = 0; i < 12; i++) await buildTicket(server.store, { member, created_at: base + i * 10 });
    await buildTicket(server.store); // someone else's

    const first = await client.post(HISTORY);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total_count: 12, total_pages: 1, page: 1, entries_per_page: 25 });

    const page2 = await client.post(HISTORY, new URLSearchParams({ page: "2", entries_per_page: "10" }));
    expect(page2.body).toMatchObject({ total_count: 12, total_pages: 2, page: 2, entries_per_page: 10 });
    const tickets = page2.body.tickets as { createdAt: number; user_id: number; status: string; category: number }[];
    expect(tickets.map((t) => t.createdAt)).toEqual([base + 10, base]);
    expect(tickets.every((t) => t.user_id === member.id && t.status === "NEW TICKET")).toBe(true);
    expect(tickets[0]).not.toHaveProperty("ip_origin");

    // The size chosen last time is the default now, and is in the preferences.
    const again = await client.post(HISTORY, {});
    expect(again.body).toMatchObject({ entries_per_page: 10, total_pages: 2, page: 1 });
    expect((again.body.tickets as { createdAt: number }[])[0]?.createdAt).toBe(base + 110);
    const prefs = await client.get("/api/profile/fetch-user-preferences");
    expect((prefs.body.user_preferences as { ticket_history_page_size: number }).ticket_history_page_size).toBe(10);

    expect((await client.post(HISTORY, { entries_per_page: 7 })).status).toBe(422);
  });

  it("is for members only", async () => {
    expect((await server.client().post(HISTORY)).status).toBe(401);
    const staff = await buildStaff(server.store);
    const client = server.client();
    await client.signIn(staff.email, FACTORY_PASSWORD);
    expect((await client.post(HISTORY)).status).toBe(403);
  });

  it("shows the owner their ticket with download URLs, and 404 to anyone else", async () => {
    const { member, client } = await memberClient();
    const ticket = await buildTicket(server.store, {
      member,
      attachments: JSON.stringify(["AAAAAAAAAAAAAAAAAAAAAA.png", "DELETED"]),
    });
    const res = await client.post(FETCH, new URLSearchParams({ ticket_id: String(ticket.id) }));
    expect(res.status).toBe(200);
    const shown = res.body.ticket as Record<string, unknown>;
    expect(shown).toMatchObject({
      id: ticket.id,
      ticket_id: ticket.id,
      createdAt: ticket.created_at,
      lastUpdated: ticket.last_updated,
      attachments: ["/download/AAAAAAAAAAAAAAAAAAAAAA.png", "DELETED"],
    });
    expect(decodeFetchCode(shown.fetch_code as string)).toEqual({ ticketId: ticket.id });
    for (const hidden of ["ip_origin", "notes_id", "resolved_by", "closed_by", "retain_attachments", "clean"]) {
      expect(shown).not.toHaveProperty(hidden);
    }

    const other = await memberClient();
    const refused = await other.client.post(FETCH, { ticket_id: ticket.id });
    expect(refused.status).toBe(404);
    expect((await other.client.post(FETCH, { ticket_id: 9_999_999 })).status).toBe(404);
    expect((await server.client().post(FETCH, { ticket_id: ticket.id })).status).toBe(401);
    expect((await client.post(FETCH, { ticket_id: "abc" })).status).toBe(422);
  });

  it("marks a ticket solved: not while NEW TICKET, then RESOLVED with a member_resolved message", async () => {
    const { member, client } = await memberClient();
    const ticket = await buildTicket(server.store, { member });
    const events: string[] = [];
    server.node.ctx.events.on("message.created", (e) => {
      if (e.ticket.id === ticket.id) events.push(`message.created:${e.message.type}`);
    });
    server.node.ctx.events.on("ticket.updated", (e) => {
      if (e.ticket.id === ticket.id) events.push(`ticket.updated:${e.ticket.status}`);
    });

    const early = await client.post(COMPLETE, { ticket_id: ticket.id });
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({
      code: "ticket_not_answered",
      detail: expect.stringMatching(/not been answered yet/),
    });

    await server.store.db.updateTable("tickets").set({ status: "REPLIED" }).where("id", "=", ticket.id).execute();
    const done = await client.post(COMPLETE, new URLSearchParams({ ticket_id: String(ticket.id) }));
    expect(done.status).toBe(200);
    expect(done.body.ticket).toMatchObject({ id: ticket.id, status: "RESOLVED" });
    const row = await server.store.db
      .selectFrom("tickets")
      .selectAll()
      .where("id", "=", ticket.id)
      .executeTakeFirstOrThrow();
    expect(row.resolved_by).toBe(String(member.id));
    const messages = await server.store.db
      .selectFrom("chat_messages")
      .selectAll()
      .where("ticket_id", "=", ticket.id)
      .execute();
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ type: "member_resolved", sender_id: member.id, user_class: "user" });
    expect(events).toEqual(["message.created:member_resolved", "ticket.updated:RESOLVED"]);

    const twice = await client.post(COMPLETE, { ticket_id: ticket.id });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "ticket_already_ended", detail: "This ticket has already ended." });
  });

  it("refuses to complete a closed ticket, another member's ticket, or for staff", async () => {
    const { member, client } = await memberClient();
    const closed = await buildTicket(server.store, { member, status: "CLOSED" });
    expect((await client.post(COMPLETE, { ticket_id: closed.id })).status).toBe(409);
    const foreign = await buildTicket(server.store, { status: "REPLIED" });
    expect((await client.post(COMPLETE, { ticket_id: foreign.id })).status).toBe(404);
    const staff = await buildStaff(server.store, { rank: "admin" });
    const staffClient = server.client();
    await staffClient.signIn(staff.email, FACTORY_PASSWORD);
    expect((await staffClient.post(COMPLETE, { ticket_id: foreign.id })).status).toBe(404);
    const unchanged = await server.store.db
      .selectFrom("tickets")
      .select("status")
      .where("id", "=", foreign.id)
      .executeTakeFirstOrThrow();
    expect(unchanged.status).toBe("REPLIED");
  });
});
