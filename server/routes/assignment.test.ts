/**
 * Assignment over real HTTP and socket.io, on every engine (spec/2-staff-ticket-work.md §4, §6,
 * docs/decisions/assignment.md): the assign dialog's list of eligible employees (fetch-assignees),
 * "assign to me" (the ticket's `assign_self` ability and the assign call naming the caller), and
 * the desk settings that switch "assign on first reply" on, with a reply that assigns.
 */
import { describe, expect, it } from "vitest";
import type { TicketAbilities } from "../../common/schemas/ticketResponses.ts";
import { nowSeconds } from "../auth/tokens.ts";
import { ticketAbilitiesFor } from "../policies/ticketAbilities.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildStaff, buildTicket } from "../test/factories.ts";
import { caughtUp, connected, emitWithAck, nextEvent, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { buildStaffTicketWorld } from "../test/staffTicketWorld.ts";
import { useTestServer } from "../test/useTestServer.ts";

const ASSIGNEES = "/api/tickets/fetch-assignees";
const ASSIGN = "/api/tickets/assign-ticket";

describe.each(ENGINES)("assignment on %s", (engine) => {
  const server = useTestServer(engine);

  const row = (id: number) =>
    server.store.db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const messagesOf = (id: number) =>
    server.store.db.selectFrom("chat_messages").selectAll().where("ticket_id", "=", id).orderBy("id").execute();
  const signedIn = (user: { id: number; class: "dev" | "user" }): Promise<TestClient> =>
    openSession(server, server.client(), user);

  const namesOf = async (client: TestClient, ticketId: number, category: number) => {
    const answer = await client.post<{ assignees: { id: number; name: string }[] }>(ASSIGNEES, {
      ticket_id: ticketId,
      category,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body.assignees;
  };

  /**
   * The world's four employees handle its category and server; besides them: one on another
   * server, one of another category only, a disabled one, and one whose disable has ended.
   */
  async function scene() {
    const w = await buildStaffTicketWorld(server, "WAITING DEV");
    const handles = { categoryIds: [w.category.id, w.otherCategory.id], serverIds: [w.gameServer.id] };
    const elsewhere = await buildStaff(server.store, { categoryIds: [w.category.id] });
    const otherCategoryOnly = await buildStaff(server.store, {
      categoryIds: [w.otherCategory.id],
      serverIds: [w.gameServer.id],
    });
    const disabled = await buildStaff(server.store, { ...handles, disabledUntil: -1 });
    const back = await buildStaff(server.store, { ...handles, disabledUntil: nowSeconds() - 60 });
    return { ...w, elsewhere, otherCategoryOnly, disabled, back };
  }

  describe("fetch-assignees", () => {
    it("lists exactly whom assign-ticket accepts: category, server, not the assignee, not disabled", async () => {
      const s = await scene();
      const listed = await namesOf(s.clients.admin, s.ticket.id, s.category.id);
      const ids = listed.map((a) => a.id).sort((a, b) => a - b);
      expect(ids).toEqual([s.admin.id, s.mod.id, s.dev.id, s.mod2.id, s.back.id].sort((a, b) => a - b));
      expect(listed.find((a) => a.id === s.mod.id)?.name).toBe(s.mod.name);

      // Every employee of the desk: listed exactly when the call accepts them (checked on a fresh ticket each).
      for (const employee of [s.admin, s.mod, s.dev, s.mod2, s.elsewhere, s.otherCategoryOnly, s.disabled, s.back]) {
        const ticket = await buildTicket(server.store, {
          member: s.member,
          status: "WAITING DEV",
          category_id: s.category.id,
          server_id: s.gameServer.id,
        });
        const answer = await s.clients.admin.post(ASSIGN, {
          ticketId: ticket.id,
          category: s.category.id,
          devId: employee.id,
        });
        const eligible = ids.includes(employee.id);
        expect(answer.status, `${employee.name}: ${JSON.stringify(answer.body)}`).toBe(eligible ? 200 : 403);
        if (!eligible) expect(answer.body.code).toBe("assignee_not_eligible");
      }
    });

    it("follows the chosen category and leaves out the current assignee", async () => {
      const s = await scene();
      await server.store.db
        .updateTable("tickets")
        .set({ assigned_to: s.mod.id })
        .where("id", "=", s.ticket.id)
        .execute();
      const inCategory = (await namesOf(s.clients.mod, s.ticket.id, s.category.id)).map((a) => a.id);
      expect(inCategory).not.toContain(s.mod.id);
      expect(inCategory).toContain(s.mod2.id);
      // The admin may move the ticket into the other category: only those who handle it there.
      const admin = await buildStaff(server.store, {
        rank: "admin",
        categoryIds: [s.category.id],
        serverIds: [s.gameServer.id],
      });
      const adminClient = await signedIn(admin);
      const inOther = (await namesOf(adminClient, s.ticket.id, s.otherCategory.id)).map((a) => a.id);
      expect(inOther.sort((a, b) => a - b)).toEqual([s.otherCategoryOnly.id, s.back.id].sort((a, b) => a - b));
    });

    it("answers only whoever may assign the ticket: refusals by rank, status, category and existence", async () => {
      const s = await scene();
      await server.store.db
        .updateTable("tickets")
        .set({ assigned_to: s.dev.id })
        .where("id", "=", s.ticket.id)
        .execute();
      const refused = async (client: TestClient, body: Record<string, unknown>, status: number, code: string) => {
        const answer = await client.post(ASSIGNEES, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(status);
        expect(answer.body.code).toBe(code);
        expect(typeof answer.body.detail).toBe("string");
      };
      // Another's ticket: only its assignee and an admin.
      await refused(s.clients.mod, { ticket_id: s.ticket.id, category: s.category.id }, 403, "not_ticket_assignee");
      expect((await namesOf(s.clients.dev, s.ticket.id, s.category.id)).map((a) => a.id)).not.toContain(s.dev.id);
      // A category the caller does not handle.
      await refused(
        s.clients.dev,
        { ticket_id: s.ticket.id, category: s.otherCategory.id },
        403,
        "category_not_allowed",
      );
      // A deleted category, an ended ticket, a ticket that does not exist.
      const gone = await buildCategory(server.store, { deleted: 1 });
      const answer = await s.clients.admin.post(ASSIGNEES, { ticket_id: s.ticket.id, category: gone.id });
      expect(answer.status).toBe(422);
      const closed = await buildTicket(server.store, {
        member: s.member,
        status: "CLOSED",
        category_id: s.category.id,
      });
      await refused(s.clients.admin, { ticket_id: closed.id, category: s.category.id }, 409, "ticket_already_ended");
      await refused(s.clients.admin, { ticket_id: 2_000_000_000, category: s.category.id }, 404, "not_found");
      // Bad input: 422 with a detail, whatever the caller.
      const bad = await s.clients.admin.post(ASSIGNEES, { ticket_id: "x", category: -1 });
      expect(bad.status).toBe(422);
      expect(Array.isArray(bad.body.detail)).toBe(true);
      // A player and an anonymous caller never reach the ticket.
      expect((await s.clients.player.post(ASSIGNEES, { ticket_id: s.ticket.id, category: s.category.id })).status).toBe(
        403,
      );
      expect((await server.client().post(ASSIGNEES, { ticket_id: s.ticket.id, category: s.category.id })).status).toBe(
        401,
      );
    });
  });

  describe("assign to me", () => {
    const abilitiesOf = async (client: TestClient, ticketId: number) =>
      (
        await client.post<{ ticket: { abilities: TicketAbilities } }>("/api/tickets/fetch-ticket", {
          ticket_id: ticketId,
        })
      ).body.ticket.abilities;

    it("the dev rank takes an unassigned ticket as a manual assignment does: line, events, no notification", async () => {
      const s = await scene();
      expect(await abilitiesOf(s.clients.dev, s.ticket.id)).toMatchObject({
        assign_self: true,
        choose_employee: false,
      });
      const watcher = s.clients.mod.socket();
      await connected(watcher);
      const assigned = nextEvent<{ ticket_id: number; assignedTo: number }>(watcher, "ticket_assigned");

      const taken = await s.clients.dev.post<{ ticket: { assignedTo: number; abilities: TicketAbilities } }>(ASSIGN, {
        ticketId: s.ticket.id,
        category: s.ticket.category_id,
        devId: s.dev.id,
      });
      expect(taken.status).toBe(200);
      expect(taken.body.ticket.assignedTo).toBe(s.dev.id);
      expect(taken.body.ticket.abilities).toMatchObject({
        assign_self: false,
        refusals: { assign_self: "assignee_not_eligible" },
      });
      expect(await assigned).toEqual({ ticket_id: s.ticket.id, assignedTo: s.dev.id });
      expect(await messagesOf(s.ticket.id)).toEqual([
        expect.objectContaining({ type: "assignment", sender_id: s.dev.id, from_user: null, to_user: s.dev.id }),
      ]);
      const notifications = await server.store.db
        .selectFrom("notifications")
        .select("id")
        .where("ticket_id", "=", s.ticket.id)
        .execute();
      expect(notifications).toEqual([]);
      watcher.close();
    });

    it("refused with the policy's code, and nothing written: not eligible, someone else's ticket", async () => {
      const s = await scene();
      const outsider = await signedIn(s.elsewhere);
      expect(await abilitiesOf(outsider, s.ticket.id)).toMatchObject({
        assign_self: false,
        refusals: { assign_self: "assignee_not_eligible" },
      });
      const before = await row(s.ticket.id);
      const refused = await outsider.post(ASSIGN, {
        ticketId: s.ticket.id,
        category: s.ticket.category_id,
        devId: s.elsewhere.id,
      });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("assignee_not_eligible");

      await server.store.db
        .updateTable("tickets")
        .set({ assigned_to: s.mod2.id })
        .where("id", "=", s.ticket.id)
        .execute();
      expect(await abilitiesOf(s.clients.mod, s.ticket.id)).toMatchObject({
        assign_self: false,
        refusals: { assign_self: "not_ticket_assignee" },
      });
      const taken = await s.clients.mod.post(ASSIGN, {
        ticketId: s.ticket.id,
        category: s.ticket.category_id,
        devId: s.mod.id,
      });
      expect(taken.status).toBe(403);
      expect(taken.body.code).toBe("not_ticket_assignee");
      expect(await row(s.ticket.id)).toEqual({ ...before, assigned_to: s.mod2.id });
      expect(await messagesOf(s.ticket.id)).toEqual([]);
    });

    it("a disabled employee may not take a ticket (they have no session; the policy says so all the same)", async () => {
      const s = await scene();
      const user = await server.store.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", s.disabled.id)
        .executeTakeFirstOrThrow();
      const abilities = (await ticketAbilitiesFor(server.store.db, user, [s.ticket]))(s.ticket);
      expect(abilities).toMatchObject({ assign_self: false, refusals: { assign_self: "assignee_not_eligible" } });
      const back = await server.store.db
        .selectFrom("users")
        .selectAll()
        .where("id", "=", s.back.id)
        .executeTakeFirstOrThrow();
      expect((await ticketAbilitiesFor(server.store.db, back, [s.ticket]))(s.ticket).assign_self).toBe(true);
    });
  });

  describe("assign on first reply", () => {
    const SETTINGS = "/api/misc/change-desk-settings";

    it("only an admin changes the setting; every employee reads it with whether they may change it", async () => {
      const s = await scene();
      for (const rank of ["admin", "mod", "dev"] as const) {
        const read = await s.clients[rank].get<{ settings: unknown; may_change: boolean }>(
          "/api/misc/fetch-desk-settings",
        );
        expect(read.status).toBe(200);
        expect(read.body).toEqual({ settings: { assign_on_first_reply: false }, may_change: rank === "admin" });
      }
      const refused = await s.clients.mod.post(SETTINGS, { assign_on_first_reply: true });
      expect(refused.status).toBe(403);
      const bad = await s.clients.admin.post(SETTINGS, { assign_on_first_reply: "perhaps" });
      expect(bad.status).toBe(422);
      expect((await s.clients.dev.get("/api/misc/fetch-desk-settings")).body).toMatchObject({
        settings: { assign_on_first_reply: false },
      });
    });

    it("with the setting on, a socket reply on an unassigned ticket assigns its eligible sender", async () => {
      const s = await scene();
      const on = await s.clients.admin.post(SETTINGS, { assign_on_first_reply: true });
      expect(on.body).toEqual({ settings: { assign_on_first_reply: true }, may_change: true });
      try {
        const sender = s.clients.dev.socket();
        const watcher = s.clients.mod.socket();
        await Promise.all([connected(sender), connected(watcher)]);
        const heard: unknown[] = [];
        watcher.on("ticket_assigned", (event: unknown) => heard.push(event));
        const assigned = nextEvent<{ ticket_id: number; assignedTo: number }>(watcher, "ticket_assigned");
        const chatId = `chat-${s.ticket.id}`;
        const ack = await emitWithAck<{ ok: boolean }>(sender, "send_message", {
          messageObj: { chatId, message: "On it." },
        });
        expect(ack.ok, JSON.stringify(ack)).toBe(true);
        expect(await assigned).toEqual({ ticket_id: s.ticket.id, assignedTo: s.dev.id });
        expect((await row(s.ticket.id)).assigned_to).toBe(s.dev.id);
        expect((await messagesOf(s.ticket.id)).map((m) => m.type)).toEqual(["message", "assignment"]);

        // The next reply, by another employee, leaves the assignee alone and announces no assignment.
        const second = s.clients.mod2.socket();
        await connected(second);
        const again = await emitWithAck<{ ok: boolean }>(second, "send_message", {
          messageObj: { chatId, message: "Me too." },
        });
        expect(again.ok).toBe(true);
        await caughtUp(watcher);
        expect(heard).toHaveLength(1);
        expect((await row(s.ticket.id)).assigned_to).toBe(s.dev.id);
        sender.close();
        watcher.close();
        second.close();
      } finally {
        await s.clients.admin.post(SETTINGS, { assign_on_first_reply: false });
      }
    });
  });
});
