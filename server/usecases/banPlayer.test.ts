/**
 * banPlayer as a use case, on both engines (spec/2-staff-ticket-work.md §6, §7): a member is banned by account, a
 * temporary user by e-mail, every identity of it. Each rule a test: who may ban, which player a
 * call may name, what one ban writes (player rows, every ticket of theirs, the log, the staff-only
 * line), what it announces, and the warning the player's open pages get at once over a real socket.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import { type EventLog, recordEvents } from "../test/eventLog.ts";
import { buildMember, buildStaff, buildTempUser, buildTicket } from "../test/factories.ts";
import { connected, nextEvent } from "../test/server.ts";
import { openSession, openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { banPlayer, type PlayerKind } from "./banPlayer.ts";

const WEEK = 7 * 86_400;

describe.each(ENGINES)("banPlayer on %s", (engine) => {
  const server = useTestServer(engine);
  let events: EventLog;
  beforeAll(() => {
    events = recordEvents(server.node.ctx.events);
  });

  const db = () => server.store.db;
  const userRow = (id: number) => db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const ticketRow = (id: number) =>
    db().selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const messagesOf = (id: number) =>
    db().selectFrom("chat_messages").selectAll().where("ticket_id", "=", id).orderBy("id").execute();
  const banLogsOf = (ticketId: number) =>
    db().selectFrom("ban_logs").selectAll().where("ticket_id", "=", ticketId).orderBy("id").execute();

  /** A member's ticket assigned to `mod`, a second ticket of theirs, another mod and an admin. */
  async function memberScene(status: TicketStatus = "REPLIED", closedBy?: "mod") {
    const admin = await buildStaff(server.store, { rank: "admin" });
    const mod = await buildStaff(server.store, { rank: "mod" });
    const mod2 = await buildStaff(server.store, { rank: "mod" });
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, {
      member,
      status,
      assigned_to: mod.id,
      ...(closedBy ? { closed_by: String(mod.id) } : {}),
    });
    const otherTicket = await buildTicket(server.store, { member });
    return { admin, mod, mod2, member, ticket, otherTicket };
  }

  const ban = (actor: InsertedUser, ticketId: number, kind: PlayerKind, seconds = WEEK, reason = "Insulted staff.") =>
    banPlayer(server.node.ctx, { actor, ticketId, kind, reason, seconds });

  /** Expects the call refused with `code` and nothing written or announced about the ticket. */
  async function expectRefused(call: () => Promise<unknown>, ticketId: number, playerId: number, code: string) {
    const player = await userRow(playerId);
    const ticket = await ticketRow(ticketId);
    await expect(call()).rejects.toMatchObject({ code });
    expect(await userRow(playerId)).toEqual(player);
    expect(await ticketRow(ticketId)).toEqual(ticket);
    expect(await messagesOf(ticketId)).toEqual([]);
    expect(await banLogsOf(ticketId)).toEqual([]);
    expect(events.namesOf(ticketId)).toEqual([]);
  }

  describe("a member", () => {
    it("is banned for a time: the account, every ticket, the log and a staff-only line, then the events", async () => {
      const s = await memberScene();
      const before = nowSeconds();

      const result = await ban(s.mod, s.ticket.id, "member");

      const player = await userRow(s.member.id);
      expect(player.banned).toBe(1);
      expect(player.banned_until).toBeGreaterThanOrEqual(before + WEEK);
      expect(player.banned_until).toBeLessThanOrEqual(nowSeconds() + WEEK);
      expect(result.user).toEqual(player);
      expect(result.ticket).toEqual(await ticketRow(s.ticket.id));
      expect((await ticketRow(s.ticket.id)).banned).toBe(1);
      expect((await ticketRow(s.otherTicket.id)).banned).toBe(1);
      expect(await banLogsOf(s.ticket.id)).toMatchObject([
        {
          user_id: s.member.id,
          email: s.member.email,
          reason: "Insulted staff.",
          banner_id: s.mod.id,
          ban_time: WEEK,
          until: player.banned_until,
          active: 1,
        },
      ]);
      expect(await messagesOf(s.ticket.id)).toMatchObject([
        {
          type: "ban_message",
          banned: 1,
          message: "Insulted staff.",
          sender_id: s.mod.id,
          sender_name: s.mod.name,
          user_class: "dev",
          read: 1,
        },
      ]);
      expect(await messagesOf(s.otherTicket.id)).toEqual([]);
      expect(events.namesOf(s.ticket.id)).toEqual(["message.created", "ticket.updated"]);
      expect(events.namesOf(s.otherTicket.id)).toEqual(["ticket.updated"]);
    });

    it("is banned for good with -1", async () => {
      const s = await memberScene();

      await ban(s.admin, s.ticket.id, "member", -1);

      expect(await userRow(s.member.id)).toMatchObject({ banned: 1, banned_until: -1 });
      expect(await banLogsOf(s.ticket.id)).toMatchObject([{ ban_time: -1, until: -1 }]);
    });

    it("gets banned_warning on an open page at once", async () => {
      const s = await memberScene();
      const page = (await openSession(server, server.client(), s.member)).socket();
      await connected(page);
      const warning = nextEvent(page, "banned_warning");

      const result = await ban(s.mod, s.ticket.id, "member");

      expect(await warning).toEqual({ status: "WARNING", message: "user_banned", until: result.user.banned_until });
    });

    it("already banned, is refused with already_banned", async () => {
      const s = await memberScene();
      await ban(s.mod, s.ticket.id, "member");
      const player = await userRow(s.member.id);
      const lines = await messagesOf(s.ticket.id);

      await expect(ban(s.admin, s.ticket.id, "member", -1)).rejects.toMatchObject({ code: "already_banned" });

      expect(await userRow(s.member.id)).toEqual(player);
      expect(await messagesOf(s.ticket.id)).toEqual(lines);
      expect(await banLogsOf(s.ticket.id)).toHaveLength(1);
    });

    it("whose ban has run out may be banned again", async () => {
      const s = await memberScene();
      await db()
        .updateTable("users")
        .set({ banned: 1, banned_until: nowSeconds() - 60 })
        .where("id", "=", s.member.id)
        .execute();

      await ban(s.mod, s.ticket.id, "member");

      expect((await userRow(s.member.id)).banned_until).toBeGreaterThan(nowSeconds());
    });

    it("is not named by the temporary call: ban_wrong_player", async () => {
      const s = await memberScene();

      await expectRefused(() => ban(s.mod, s.ticket.id, "temporary"), s.ticket.id, s.member.id, "ban_wrong_player");
    });
  });

  describe("a temporary user", () => {
    it("is banned by e-mail: every identity of it, their tickets, a log kept by e-mail", async () => {
      const mod = await buildStaff(server.store, { rank: "mod" });
      const email = `guest-${nowSeconds()}-${Math.random().toString(36).slice(2, 8)}@temp.test`;
      const guest = await buildTempUser(server.store, { email });
      const again = await buildTempUser(server.store, { email });
      const stranger = await buildTempUser(server.store);
      const ticket = await buildTicket(server.store, { member: guest, assigned_to: mod.id });
      const laterTicket = await buildTicket(server.store, { member: again });
      const strangerTicket = await buildTicket(server.store, { member: stranger });
      const page = server.client();
      await openTemporarySession(server, page, again.id, laterTicket.id);
      const socket = page.socket();
      await connected(socket);
      const warning = nextEvent(socket, "banned_warning");

      const result = await ban(mod, ticket.id, "temporary", 3600);

      for (const id of [guest.id, again.id]) {
        expect(await userRow(id)).toMatchObject({ banned: 1, banned_until: result.user.banned_until });
      }
      expect(await userRow(stranger.id)).toMatchObject({ banned: 0, banned_until: 0 });
      expect((await ticketRow(laterTicket.id)).banned).toBe(1);
      expect((await ticketRow(strangerTicket.id)).banned).toBe(0);
      expect(await banLogsOf(ticket.id)).toMatchObject([{ user_id: null, email: email.toLowerCase(), ban_time: 3600 }]);
      expect(await warning).toEqual({ status: "WARNING", message: "user_banned", until: result.user.banned_until });
    });

    it("is not named by the member call: ban_wrong_player", async () => {
      const mod = await buildStaff(server.store, { rank: "mod" });
      const guest = await buildTempUser(server.store);
      const ticket = await buildTicket(server.store, { member: guest, assigned_to: mod.id });

      await expectRefused(() => ban(mod, ticket.id, "member"), ticket.id, guest.id, "ban_wrong_player");
    });
  });

  describe("who may ban", () => {
    it("nobody while the ticket is RESOLVED, not even an admin", async () => {
      const s = await memberScene("RESOLVED");

      await expectRefused(() => ban(s.admin, s.ticket.id, "member"), s.ticket.id, s.member.id, "ban_ticket_resolved");
    });

    it("not another employee of the ticket", async () => {
      const s = await memberScene();

      await expectRefused(() => ban(s.mod2, s.ticket.id, "member"), s.ticket.id, s.member.id, "ban_not_allowed");
    });

    it("the employee who closed the ticket, and an admin on any open one", async () => {
      const closed = await memberScene("CLOSED", "mod");
      await db().updateTable("tickets").set({ assigned_to: null }).where("id", "=", closed.ticket.id).execute();
      expect((await ban(closed.mod, closed.ticket.id, "member")).user.banned).toBe(1);

      const open = await memberScene("WAITING DEV");
      expect((await ban(open.admin, open.ticket.id, "member")).user.banned).toBe(1);
    });

    it("not a player", async () => {
      const s = await memberScene();
      const player = await buildMember(server.store);

      await expectRefused(() => ban(player, s.ticket.id, "member"), s.ticket.id, s.member.id, "forbidden");
    });

    it("answers not_found for a ticket that does not exist", async () => {
      const s = await memberScene();

      await expect(ban(s.admin, 987_654_321, "member")).rejects.toMatchObject({ code: "not_found" });
    });
  });
});
