/**
 * Ban, unban and ban history (spec/2-staff-ticket-work.md §6, §7) over real HTTP and socket.io, on both engines:
 * who may (assignee, admin, closer) and who may not (another mod, a dev, a player, anyone on a
 * RESOLVED ticket), reason and time limits, timed and permanent bans, banned_warning on the
 * player's open socket, and the WARNING answer to the banned player's next filing.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../common/constants.ts";
import { nowSeconds } from "../auth/tokens.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTempUser, buildTicket } from "../test/factories.ts";
import {
  buildTicketWorld,
  form,
  memberTicketFields,
  type TicketWorld,
  temporaryTicketFields,
} from "../test/playerTickets.ts";
import { caughtUp, connected, emitWithAck, nextEvent } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const BAN_MEMBER = "/api/tickets/ban-member-user";
const BAN_TEMP = "/api/tickets/ban-temporary-user";
const UNBAN_MEMBER = "/api/tickets/unban-member-user";
const UNBAN_TEMP = "/api/tickets/unban-temporary-user";
const WEEK = 7 * 86_400;

describe.each(ENGINES)("bans on %s", (engine) => {
  let world: TicketWorld;

  const server = useTestServer(engine);
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  const db = () => server.store.db;
  const signedIn = async (user: { id: number; class: "dev" | "user" }) => openSession(server, server.client(), user);

  /** A member with a ticket assigned to a mod, and a second ticket of theirs. */
  async function scene(status: "REPLIED" | "CLOSED" | "RESOLVED" = "REPLIED", closedBy?: number) {
    const member = await buildMember(server.store, { characters: [{ name: "Aragorn", serverId: world.serverId }] });
    const assignee = await buildStaff(server.store, { rank: "mod" });
    const ticket = await buildTicket(server.store, {
      member,
      status,
      category_id: world.categoryId,
      server_id: world.serverId,
      assigned_to: assignee.id,
      closed_by: closedBy === undefined ? null : String(closedBy),
    });
    const other = await buildTicket(server.store, { member, category_id: world.categoryId, server_id: world.serverId });
    return { member, assignee, ticket, other };
  }

  const banLogs = (ticketId: number) =>
    db().selectFrom("ban_logs").selectAll().where("ticket_id", "=", ticketId).execute();
  const banMessages = (ticketId: number) =>
    db()
      .selectFrom("chat_messages")
      .selectAll()
      .where("ticket_id", "=", ticketId)
      .where("type", "=", "ban_message")
      .orderBy("id")
      .execute();

  it("the assignee bans a member for a time: flags, log, staff-only message, banned_warning, WARNING on filing", async () => {
    const { member, assignee, ticket, other } = await scene();
    const player = await signedIn(member);
    const playerSocket = player.socket();
    await connected(playerSocket);
    const staff = await signedIn(assignee);
    const staffSocket = staff.socket();
    await connected(staffSocket);
    await emitWithAck(staffSocket, "join_chatroom", { room_id: `chat-${ticket.id}` });
    await emitWithAck(playerSocket, "join_chatroom", { room_id: `chat-${ticket.id}` });
    const playerMessages: unknown[] = [];
    playerSocket.on("new_message", (m) => playerMessages.push(m));

    const warning = nextEvent(playerSocket, "banned_warning");
    // spec/2-staff-ticket-work.md §7: the ban line reaches staff as banned_message, not as a new_message.
    const staffLine = nextEvent(staffSocket, "banned_message");
    const staffNewMessages: unknown[] = [];
    staffSocket.on("new_message", (m) => staffNewMessages.push(m));
    const before = nowSeconds();
    const res = await staff.post(BAN_MEMBER, {
      ticket_id: ticket.id,
      ban_reason: "  Spamming the chat  ",
      ban_time: WEEK,
    });
    expect(res.status).toBe(200);
    const body = res.body as { ticket: Record<string, unknown>; user: Record<string, unknown> };
    expect(body.ticket).toMatchObject({ id: ticket.id, banned: true });
    expect(body.user).toMatchObject({ id: member.id, banned: true, type: "normal" });
    const until = body.user.banned_until as number;
    expect(until).toBeGreaterThanOrEqual(before + WEEK);
    expect(until).toBeLessThanOrEqual(nowSeconds() + WEEK);

    expect(await warning).toEqual({ status: "WARNING", message: "user_banned", until });
    expect(await staffLine).toMatchObject({ type: "ban_message", banned: true, message: "Spamming the chat" });

    const row = await db().selectFrom("users").selectAll().where("id", "=", member.id).executeTakeFirstOrThrow();
    expect([row.banned, row.banned_until]).toEqual([1, until]);
    const flags = await db().selectFrom("tickets").select(["id", "banned"]).where("user_id", "=", member.id).execute();
    expect(flags.map((t) => t.banned)).toEqual([1, 1]);
    expect(flags.map((t) => t.id).sort()).toEqual([ticket.id, other.id].sort());
    const [log] = await banLogs(ticket.id);
    expect(log).toMatchObject({
      user_id: member.id,
      reason: "Spamming the chat",
      banner_id: assignee.id,
      ban_time: WEEK,
      until,
      active: 1,
    });
    expect(await banMessages(ticket.id)).toHaveLength(1);

    // The player's room never received the staff-only ban message.
    await Promise.all([caughtUp(playerSocket), caughtUp(staffSocket)]);
    expect(playerMessages).toEqual([]);
    expect(staffNewMessages).toEqual([]);

    const filing = await player.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world)));
    expect(filing.status).toBe(403);
    expect(filing.body).toEqual({ detail: { status: "WARNING", message: "user_banned", until }, code: "user_banned" });

    // A page opened later (a new socket) is told too; staff and other players are not.
    const later = player.socket();
    const laterWarning = nextEvent(later, "banned_warning");
    await connected(later);
    expect(await laterWarning).toEqual({ status: "WARNING", message: "user_banned", until });
    const unbanned = (await signedIn(await buildMember(server.store))).socket();
    const staffLater = staff.socket();
    const wrongly: unknown[] = [];
    for (const socket of [unbanned, staffLater]) socket.on("banned_warning", (w) => wrongly.push(w));
    await Promise.all([connected(unbanned), connected(staffLater)]);
    await Promise.all([caughtUp(unbanned), caughtUp(staffLater)]);
    expect(wrongly).toEqual([]);

    // A second ban while one holds is refused and writes nothing.
    const again = await staff.post(BAN_MEMBER, { ticket_id: ticket.id, ban_reason: "Again", ban_time: WEEK });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("already_banned");
    expect(await banLogs(ticket.id)).toHaveLength(1);
  });

  it("an admin bans permanently (-1) and unbans: flags cleared, log lifted, ban message 0", async () => {
    const { member, ticket, other } = await scene();
    const admin = await signedIn(await buildStaff(server.store, { rank: "admin" }));
    const player = await signedIn(member);
    const playerSocket = player.socket();
    await connected(playerSocket);
    const warning = nextEvent(playerSocket, "banned_warning");

    const res = await admin.post(BAN_MEMBER, { ticket_id: ticket.id, ban_reason: "Threats", ban_time: -1 });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ banned: true, banned_until: -1 });
    expect(await warning).toEqual({ status: "WARNING", message: "user_banned", until: -1 });
    const filing = await player.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world)));
    expect(filing.body).toMatchObject({ detail: { status: "WARNING", until: -1 } });

    const lifted = await admin.post(UNBAN_MEMBER, { ticket_id: ticket.id });
    expect(lifted.status).toBe(200);
    expect(lifted.body.ticket).toMatchObject({ id: ticket.id, banned: false });
    expect(lifted.body.user).toMatchObject({ id: member.id, banned: false, banned_until: 0 });
    const flags = await db().selectFrom("tickets").select("banned").where("id", "in", [ticket.id, other.id]).execute();
    expect(flags.map((t) => t.banned)).toEqual([0, 0]);
    const [log] = await banLogs(ticket.id);
    expect(log).toMatchObject({ active: 0, until: -1 });
    expect(log?.ban_lifter_id).not.toBeNull();
    expect(log?.ban_lift_timestamp).toBeGreaterThan(0);
    expect((await banMessages(ticket.id)).map((m) => m.banned)).toEqual([1, 0]);

    const again = await admin.post(UNBAN_MEMBER, { ticket_id: ticket.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("not_banned");
    expect(await banMessages(ticket.id)).toHaveLength(2);
    // The player files again.
    const filed = await player.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world)));
    expect(filed.status).toBe(200);
  });

  it("the closer of a CLOSED ticket and a dev assignee may ban; anyone on a RESOLVED ticket may not", async () => {
    const closer = await buildStaff(server.store, { rank: "mod" });
    const closed = await scene("CLOSED", closer.id);
    const byCloser = await (await signedIn(closer)).post(BAN_MEMBER, {
      ticket_id: closed.ticket.id,
      ban_reason: "Abuse",
      ban_time: WEEK,
    });
    expect(byCloser.status).toBe(200);

    const dev = await buildStaff(server.store, { rank: "dev" });
    const member = await buildMember(server.store);
    const devTicket = await buildTicket(server.store, { member, status: "WAITING DEV", assigned_to: dev.id });
    const byDev = await (await signedIn(dev)).post(BAN_MEMBER, {
      ticket_id: devTicket.id,
      ban_reason: "x",
      ban_time: 86_400,
    });
    expect(byDev.status).toBe(200);

    const resolved = await scene("RESOLVED");
    const admin = await signedIn(await buildStaff(server.store, { rank: "admin" }));
    for (const client of [admin, await signedIn(resolved.assignee)]) {
      const res = await client.post(BAN_MEMBER, { ticket_id: resolved.ticket.id, ban_reason: "x", ban_time: WEEK });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("ban_ticket_resolved");
      const un = await client.post(UNBAN_MEMBER, { ticket_id: resolved.ticket.id });
      expect(un.body.code).toBe("ban_ticket_resolved");
    }
    expect(await banLogs(resolved.ticket.id)).toEqual([]);
  });

  it("refuses another mod, a dev who is not the assignee, a player and a stranger, writing nothing", async () => {
    const { member, ticket } = await scene();
    const callers = [
      { client: await signedIn(await buildStaff(server.store, { rank: "mod" })), status: 403, code: "ban_not_allowed" },
      { client: await signedIn(await buildStaff(server.store, { rank: "dev" })), status: 403, code: "ban_not_allowed" },
      { client: await signedIn(member), status: 403, code: "forbidden" },
      { client: server.client(), status: 401, code: "not_authenticated" },
    ];
    for (const { client, status, code } of callers) {
      for (const [path, body] of [
        [BAN_MEMBER, { ticket_id: ticket.id, ban_reason: "x", ban_time: WEEK }],
        [UNBAN_MEMBER, { ticket_id: ticket.id }],
      ] as const) {
        const res = await client.post(path, body);
        expect([path, res.status, res.body.code]).toEqual([path, status, code]);
      }
    }
    // A closer of a ticket that is no longer CLOSED is not its closer any more.
    const formerCloser = await buildStaff(server.store, { rank: "mod" });
    const reopened = await scene("REPLIED", formerCloser.id);
    const res = await (await signedIn(formerCloser)).post(BAN_MEMBER, {
      ticket_id: reopened.ticket.id,
      ban_reason: "x",
      ban_time: WEEK,
    });
    expect(res.body.code).toBe("ban_not_allowed");
    expect(await banLogs(ticket.id)).toEqual([]);
    const row = await db().selectFrom("users").select("banned").where("id", "=", member.id).executeTakeFirstOrThrow();
    expect(row.banned).toBe(0);
  });

  it("checks the reason (required, at most 200) and the time (seconds or -1), and the player's kind", async () => {
    const { ticket, assignee } = await scene();
    const staff = await signedIn(assignee);
    const cases: [Record<string, unknown>, string | null][] = [
      [{ ban_reason: "r".repeat(LIMITS.banReason + 1), ban_time: WEEK }, "Input is too long."],
      [{ ban_reason: "   ", ban_time: WEEK }, null],
      [{ ban_time: WEEK }, null],
      [{ ban_reason: "x", ban_time: 0 }, null],
      [{ ban_reason: "x", ban_time: -5 }, null],
      [{ ban_reason: "x", ban_time: 1.5 }, null],
      [{ ban_reason: "x" }, null],
    ];
    for (const [fields, msg] of cases) {
      const res = await staff.post(BAN_MEMBER, { ticket_id: ticket.id, ...fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      if (msg) expect((res.body.detail as { msg: string }[])[0]?.msg).toBe(msg);
    }
    const wrongKind = await staff.post(BAN_TEMP, { ticket_id: ticket.id, ban_reason: "x", ban_time: WEEK });
    expect(wrongKind.status).toBe(422);
    expect(wrongKind.body.code).toBe("ban_wrong_player");
    expect(await banLogs(ticket.id)).toEqual([]);
    const missing = await staff.post(BAN_MEMBER, { ticket_id: 99_999_999, ban_reason: "x", ban_time: WEEK });
    expect(missing.status).toBe(404);

    // Exactly 200 characters is accepted, sent as a form like the web client does.
    const ok = await staff.post(
      BAN_MEMBER,
      new URLSearchParams({
        ticket_id: String(ticket.id),
        ban_reason: "r".repeat(LIMITS.banReason),
        ban_time: "604800",
      }),
    );
    expect(ok.status).toBe(200);
  });

  it("bans a temporary user by e-mail: every identity, their sockets and the next filing; history by e-mail", async () => {
    const email = `visitor-${Date.now()}@temp.test`;
    const first = await buildTempUser(server.store, { email });
    const second = await buildTempUser(server.store, { email });
    const ticket = await buildTicket(server.store, {
      member: first,
      category_id: world.categoryId,
      server_id: world.serverId,
    });
    const otherTicket = await buildTicket(server.store, {
      member: second,
      category_id: world.categoryId,
      server_id: world.serverId,
    });
    const visitor = await openSession(server, server.client(), first, "temp", ticket.id);
    const visitorSocket = visitor.socket();
    await connected(visitorSocket);
    const warning = nextEvent(visitorSocket, "banned_warning");
    const admin = await signedIn(await buildStaff(server.store, { rank: "admin" }));

    const memberCall = await admin.post(BAN_MEMBER, { ticket_id: ticket.id, ban_reason: "x", ban_time: WEEK });
    expect(memberCall.body.code).toBe("ban_wrong_player");
    const res = await admin.post(BAN_TEMP, { ticket_id: ticket.id, ban_reason: "Fake reports", ban_time: WEEK });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: first.id, type: "temp", banned: true });
    const until = (res.body.user as { banned_until: number }).banned_until;
    expect(await warning).toEqual({ status: "WARNING", message: "user_banned", until });
    const users = await db().selectFrom("users").select("banned").where("id", "in", [first.id, second.id]).execute();
    expect(users.map((u) => u.banned)).toEqual([1, 1]);
    const tickets = await db()
      .selectFrom("tickets")
      .select("banned")
      .where("id", "in", [ticket.id, otherTicket.id])
      .execute();
    expect(tickets.map((t) => t.banned)).toEqual([1, 1]);

    const filing = await server
      .client()
      .post("/api/tickets/submit-temporary-ticket", form(temporaryTicketFields(world, { email: email.toUpperCase() })));
    expect(filing.status).toBe(403);
    expect(filing.body).toMatchObject({ detail: { status: "WARNING", message: "user_banned", until } });

    const history = await admin.post("/api/tickets/get-ban-history-temporary", { email: email.toUpperCase() });
    expect(history.status).toBe(200);
    const logs = history.body.ban_logs as Record<string, unknown>[];
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      reason: "Fake reports",
      email,
      user_id: null,
      active: true,
      until,
      ban_lifter_id: null,
    });
    expect((history.body.tickets_data as { id: number }[]).map((t) => t.id)).toEqual([ticket.id]);

    const lifted = await admin.post(UNBAN_TEMP, { ticket_id: otherTicket.id });
    expect(lifted.status).toBe(200);
    const after = await db().selectFrom("users").select("banned").where("id", "in", [first.id, second.id]).execute();
    expect(after.map((u) => u.banned)).toEqual([0, 0]);
    const historyAfter = await admin.post("/api/tickets/get-ban-history-temporary", { email });
    expect((historyAfter.body.ban_logs as Record<string, unknown>[])[0]).toMatchObject({ active: false });
  });

  it("answers a member's ban history, newest first, with the banner's name; 404 for a non-member", async () => {
    const { member, ticket, assignee } = await scene();
    const staff = await signedIn(assignee);
    await staff.post(BAN_MEMBER, { ticket_id: ticket.id, ban_reason: "First", ban_time: 86_400 });
    await staff.post(UNBAN_MEMBER, { ticket_id: ticket.id });
    await staff.post(BAN_MEMBER, { ticket_id: ticket.id, ban_reason: "Second", ban_time: -1 });
    const dev = await signedIn(await buildStaff(server.store, { rank: "dev" }));
    const res = await dev.post("/api/tickets/get-ban-history-member", { member_id: member.id });
    expect(res.status).toBe(200);
    const logs = res.body.ban_logs as Record<string, unknown>[];
    expect(logs.map((l) => l.reason)).toEqual(["Second", "First"]);
    expect(logs[0]).toMatchObject({ active: true, until: -1, banner_id: assignee.id, banner_name: assignee.name });
    expect(logs[1]).toMatchObject({ active: false, ban_lifter_id: assignee.id, ban_lifter_name: assignee.name });
    expect((res.body.tickets_data as Record<string, unknown>[])[0]).toMatchObject({ id: ticket.id, banned: true });

    expect((await dev.post("/api/tickets/get-ban-history-member", { member_id: assignee.id })).status).toBe(404);
    const player = await signedIn(member);
    expect((await player.post("/api/tickets/get-ban-history-member", { member_id: member.id })).status).toBe(403);
  });
});
