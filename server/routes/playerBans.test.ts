/**
 * Where a ban reaches (policies/playerBans.ts), over real HTTP and socket.io on both engines: a
 * member's ban follows their e-mail, in any letter case, to the visitor form and to a visitor's
 * chat, HTTP and socket alike; a banned player writes no chat message; each refusal stores
 * nothing, and the player is let in again once the ban is lifted.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { playerRowsOfEmailQuery } from "../repositories/bans.ts";
import { ENGINES } from "../test/engines.ts";
import { buildStaff, buildTempUser, buildTicket } from "../test/factories.ts";
import {
  buildPlayer,
  buildTicketWorld,
  form,
  storingNothing,
  type TicketWorld,
  temporaryTicketFields,
} from "../test/playerTickets.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import { connected, emitWithAck, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const SUBMIT_TEMPORARY = "/api/tickets/submit-temporary-ticket";
const WEEK = 7 * 86_400;

let address = 0;
/** A fresh client address per filing, so the per-address filing limit of one test does not touch another. */
function fromNewAddress(): { headers: Record<string, string> } {
  address++;
  return { headers: { "x-forwarded-for": `10.9.${Math.floor(address / 250)}.${(address % 250) + 1}` } };
}

/** "Player12@Members.Test": the member's e-mail as a visitor might type it. */
function mixedCase(email: string): string {
  const [local = "", domain = ""] = email.split("@");
  return `${local.charAt(0).toUpperCase()}${local.slice(1)}@${domain.toUpperCase()}`;
}

describe.each(ENGINES)("bans reach every way in, on %s", (engine) => {
  let world: TicketWorld;
  let admin: TestClient;

  const server = useTestServer(engine, { TRUST_PROXY: "true" });
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
    admin = await openSession(server, server.client(), await buildStaff(server.store, { rank: "admin" }));
  });

  const db = () => server.store.db;
  const banned = (until: number) => ({
    detail: { status: "WARNING", message: "user_banned", until },
    code: "user_banned",
  });

  /** A member with one character and a ticket. */
  async function memberWithTicket() {
    const member = await buildPlayer(server.store, world);
    const ticket = await buildTicket(server.store, {
      member,
      category_id: world.categoryId,
      server_id: world.serverId,
    });
    return { member, ticket };
  }

  /** An admin bans the member of this ticket for a week; answers the ban's end and how to lift it. */
  async function banFrom(ticket: { id: number }) {
    const res = await admin.post("/api/tickets/ban-member-user", {
      ticket_id: ticket.id,
      ban_reason: "Spam",
      ban_time: WEEK,
    });
    expect(res.status).toBe(200);
    const until = (res.body.user as { banned_until: number }).banned_until;
    const unban = async () =>
      expect((await admin.post("/api/tickets/unban-member-user", { ticket_id: ticket.id })).status).toBe(200);
    return { until, unban };
  }

  async function bannedMember() {
    const { member, ticket } = await memberWithTicket();
    return { member, ticket, ...(await banFrom(ticket)) };
  }

  /** A visitor's ticket filed under `email`, with a temporary session bound to it. */
  async function visitorOf(email: string) {
    const temp = await buildTempUser(server.store, { email });
    const ticket = await buildTicket(server.store, {
      member: temp,
      category_id: world.categoryId,
      server_id: world.serverId,
    });
    const client = await openSession(server, server.client(), temp, "temp", ticket.id);
    return { temp, ticket, client, chatId: encodeChatId(ticket.id) };
  }

  const messagesOn = async (ticketId: number) =>
    (
      await db()
        .selectFrom("chat_messages")
        .select("message")
        .where("ticket_id", "=", ticketId)
        .where("type", "=", "message")
        .orderBy("id")
        .execute()
    ).map((m) => m.message);

  it("the visitor form refuses a banned member's e-mail in any letter case, storing nothing, until the ban ends", async () => {
    const { member, until, unban } = await bannedMember();
    for (const email of [member.email, member.email.toUpperCase(), mixedCase(member.email)]) {
      const res = await storingNothing(server, () =>
        server
          .client()
          .post(
            SUBMIT_TEMPORARY,
            form(temporaryTicketFields(world, { email }), [SAMPLE_FILES["text/plain"]!]),
            fromNewAddress(),
          ),
      );
      expect([email, res.status]).toEqual([email, 403]);
      expect(res.body).toEqual(banned(until));
    }
    const identities = await db()
      .selectFrom("users")
      .select("id")
      .where("email", "=", member.email)
      .where("type", "=", "temp")
      .execute();
    expect(identities).toEqual([]);
    const tickets = await db().selectFrom("tickets").select("type").where("email", "=", member.email).execute();
    expect(tickets.map((t) => t.type)).toEqual(["normal"]);

    await unban();
    const filed = await server
      .client()
      .post(SUBMIT_TEMPORARY, form(temporaryTicketFields(world, { email: mixedCase(member.email) })), fromNewAddress());
    expect(filed.status).toBe(200);
  });

  it("a visitor session of a banned member's e-mail writes nothing over HTTP or its socket until the ban ends", async () => {
    const { member, ticket } = await memberWithTicket();
    // The visitor's identity and socket are older than the ban: both are judged when they send.
    const visitor = await visitorOf(member.email.toUpperCase());
    const socket = visitor.client.socket();
    await connected(socket);
    const { until, unban } = await banFrom(ticket);

    const http = await storingNothing(server, () =>
      visitor.client.post(
        "/api/new-chat-message",
        form({ chatId: visitor.chatId, message: "let me explain" }, [SAMPLE_FILES["text/plain"]!]),
      ),
    );
    expect(http.status).toBe(403);
    expect(http.body).toEqual(banned(until));
    expect(
      await emitWithAck(socket, "send_message", { messageObj: { chatId: visitor.chatId, message: "hi" } }),
    ).toEqual({ ok: false, error: "user_banned" });
    expect(await messagesOn(visitor.ticket.id)).toEqual([]);

    await unban();
    const sent = await visitor.client.post("/api/new-chat-message", { chatId: visitor.chatId, message: "thanks" });
    expect(sent.status).toBe(200);
    const ack = await emitWithAck<{ ok: boolean }>(socket, "send_message", {
      messageObj: { chatId: visitor.chatId, message: "bye" },
    });
    expect(ack.ok).toBe(true);
    expect(await messagesOn(visitor.ticket.id)).toEqual(["thanks", "bye"]);
  });

  it("a banned member writes nothing in their own chat; a visitor's ban under a member's e-mail leaves the member be", async () => {
    const { member, ticket, until } = await bannedMember();
    const player = await openSession(server, server.client(), member);
    const chatId = encodeChatId(ticket.id);
    const socket = player.socket();
    await connected(socket);
    const http = await player.post("/api/new-chat-message", { chatId, message: "unban me" });
    expect(http.status).toBe(403);
    expect(http.body).toEqual(banned(until));
    expect(await emitWithAck(socket, "send_message", { messageObj: { chatId, message: "please" } })).toEqual({
      ok: false,
      error: "user_banned",
    });
    expect(await messagesOn(ticket.id)).toEqual([]);

    // Anyone can type anyone's address on the visitor form: banning that visitor bans the
    // address for visitors, not the account that owns it.
    const { member: owner, ticket: own } = await memberWithTicket();
    const visitor = await visitorOf(owner.email);
    const ban = await admin.post("/api/tickets/ban-temporary-user", {
      ticket_id: visitor.ticket.id,
      ban_reason: "Fake reports",
      ban_time: WEEK,
    });
    expect(ban.status).toBe(200);
    const ownerClient = await openSession(server, server.client(), owner);
    const sent = await ownerClient.post("/api/new-chat-message", {
      chatId: encodeChatId(own.id),
      message: "still here",
    });
    expect(sent.status).toBe(200);
    const refused = await visitor.client.post("/api/new-chat-message", { chatId: visitor.chatId, message: "me too" });
    expect(refused.body.code).toBe("user_banned");
  });

  it("looks a visitor's e-mail up on the e-mail index, not by reading every player", async () => {
    const query = playerRowsOfEmailQuery(db(), "Someone@Example.Test").compile();
    expect(query.parameters).toEqual(["someone@example.test"]);
    const literal = query.sql.replace(/\?|\$1/, "'someone@example.test'");
    const plan = await db()
      .connection()
      .execute(async (conn) => {
        if (engine === "postgres") await sql`SET enable_seqscan = off`.execute(conn);
        const explain = engine === "sqlite" ? "EXPLAIN QUERY PLAN" : "EXPLAIN";
        const { rows } = await sql.raw<Record<string, string>>(`${explain} ${literal}`).execute(conn);
        if (engine === "postgres") await sql`RESET enable_seqscan`.execute(conn);
        return rows.map((row) => Object.values(row).join(" ")).join("\n");
      });
    expect(plan).toContain("users_email_type");
  });
});
