/**
 * assignTicket as a use case, on both engines: each rule of spec/2-staff-ticket-work.md §4 and §6 about who may hand a
 * ticket to whom, and what an assignment writes and announces. Called directly, with the rows a
 * route would pass, against a real store.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import { type EventLog, recordEvents } from "../test/eventLog.ts";
import { buildCategory, buildMember, buildServer, buildStaff, buildTicket } from "../test/factories.ts";
import { chatLinesOf, notificationsOf, ticketRow as readTicket } from "../test/rows.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { assignTicket, writeAssignment } from "./assignTicket.ts";

describe.each(ENGINES)("assignTicket on %s", (engine) => {
  const server = useTestServer(engine);
  let events: EventLog;
  beforeAll(() => {
    events = recordEvents(server.node.ctx.events);
  });

  const db = () => server.store.db;
  const ticketRow = (id: number) => readTicket(db(), id);
  const messagesOf = (id: number) => chatLinesOf(db(), id);
  const ticketNotifications = (id: number) => notificationsOf(db(), id);

  /**
   * A member's ticket on a game server and category; `mod` and `mod2` handle both, `dev` too, the
   * admin neither (admins may choose any category anyway), and `elsewhere` handles the category on
   * another game server only.
   */
  async function scene(status: TicketStatus = "WAITING DEV", assignedTo?: "mod") {
    const store = server.store;
    const gameServer = await buildServer(store);
    const otherServer = await buildServer(store);
    const category = await buildCategory(store);
    const otherCategory = await buildCategory(store);
    const handles = { categoryIds: [category.id, otherCategory.id], serverIds: [gameServer.id] };
    const admin = await buildStaff(store, { rank: "admin" });
    const mod = await buildStaff(store, { rank: "mod", ...handles });
    const mod2 = await buildStaff(store, { rank: "mod", ...handles });
    const dev = await buildStaff(store, { rank: "dev", ...handles });
    const elsewhere = await buildStaff(store, {
      rank: "mod",
      categoryIds: [category.id],
      serverIds: [otherServer.id],
    });
    const member = await buildMember(store, { characters: [{ serverId: gameServer.id }] });
    const ticket = await buildTicket(store, {
      member,
      status,
      category_id: category.id,
      server_id: gameServer.id,
      assigned_to: assignedTo === "mod" ? mod.id : null,
    });
    return { category, otherCategory, admin, mod, mod2, dev, elsewhere, member, ticket };
  }

  const assign = (actor: InsertedUser, ticketId: number, devId: number | undefined, category: number) =>
    assignTicket(server.node.ctx, actor, { ticketId, devId, category, ip: "203.0.113.7" });

  /** Expects the call refused with `code`, the ticket as it was, and no message or event. */
  async function expectRefused(call: () => Promise<unknown>, ticketId: number, code: string) {
    const before = await ticketRow(ticketId);
    await expect(call()).rejects.toMatchObject({ code });
    expect(await ticketRow(ticketId)).toEqual(before);
    expect(await messagesOf(ticketId)).toEqual([]);
    expect(await ticketNotifications(ticketId)).toEqual([]);
    expect(events.namesOf(ticketId)).toEqual([]);
  }

  describe("what an assignment writes", () => {
    it("hands the ticket over with a staff-only assignment line, a notification and the events", async () => {
      const s = await scene("WAITING DEV", "mod");

      const updated = await assign(s.admin, s.ticket.id, s.mod2.id, s.category.id);

      expect(updated).toEqual(await ticketRow(s.ticket.id));
      expect(updated).toMatchObject({ assigned_to: s.mod2.id, category_id: s.category.id, status: "WAITING DEV" });
      expect(updated.last_updated).toBeGreaterThanOrEqual(s.ticket.last_updated);
      const [line, ...more] = await messagesOf(s.ticket.id);
      expect(more).toEqual([]);
      expect(line).toMatchObject({
        type: "assignment",
        sender_id: s.admin.id,
        sender_name: s.admin.name,
        user_class: "dev",
        from_user: s.mod.id,
        to_user: s.mod2.id,
        prev_category: s.category.id,
        new_category: s.category.id,
        ip_origin: "203.0.113.7",
      });
      const notifications = await ticketNotifications(s.ticket.id);
      expect(notifications).toMatchObject([{ user_id: s.mod2.id, type: "assignment", by_user_id: s.admin.id }]);
      expect(events.namesOf(s.ticket.id).slice(0, 4)).toEqual([
        "message.created",
        "ticket.updated",
        "ticket.assigned",
        "notification.created",
      ]);
      const assigned = events.of(s.ticket.id).find((e) => e.name === "ticket.assigned");
      expect(assigned?.event).toMatchObject({ previousAssignee: s.mod.id, byUserId: s.admin.id });
      // The new assignee's chat list follows, after the write.
      await vi.waitFor(async () => {
        const followed = await db()
          .selectFrom("active_chats")
          .select("user_id")
          .where("ticket_id", "=", s.ticket.id)
          .execute();
        expect(followed).toEqual([{ user_id: s.mod2.id }]);
      });
      expect(events.namesOf(s.ticket.id).slice(4)).toEqual(["chatList.added"]);
    });

    it("writes a category_change line too when the category changes", async () => {
      const s = await scene();

      const updated = await assign(s.admin, s.ticket.id, s.mod.id, s.otherCategory.id);

      expect(updated.category_id).toBe(s.otherCategory.id);
      const lines = await messagesOf(s.ticket.id);
      expect(lines.map((m) => m.type)).toEqual(["assignment", "category_change"]);
      expect(lines[1]).toMatchObject({ prev_category: s.category.id, new_category: s.otherCategory.id });
      expect(events.namesOf(s.ticket.id).filter((name) => name === "message.created")).toHaveLength(2);
    });

    it("keeping the assignee and the category writes and announces nothing", async () => {
      const s = await scene("REPLIED", "mod");

      const same = await assign(s.mod, s.ticket.id, s.mod.id, s.category.id);

      expect(same).toEqual(s.ticket);
      expect(await ticketRow(s.ticket.id)).toEqual(s.ticket);
      expect(await messagesOf(s.ticket.id)).toEqual([]);
      expect(events.namesOf(s.ticket.id)).toEqual([]);
    });

    it("keeping the assignee with a new category moves the ticket without a notification or ticket.assigned", async () => {
      const s = await scene("REPLIED", "mod");

      const updated = await assign(s.mod, s.ticket.id, s.mod.id, s.otherCategory.id);

      expect(updated).toMatchObject({ assigned_to: s.mod.id, category_id: s.otherCategory.id });
      expect((await messagesOf(s.ticket.id)).map((m) => m.type)).toEqual(["assignment", "category_change"]);
      expect(await ticketNotifications(s.ticket.id)).toEqual([]);
      expect(events.namesOf(s.ticket.id)).not.toContain("ticket.assigned");
      expect(events.namesOf(s.ticket.id)).not.toContain("notification.created");
    });

    it("taking a ticket oneself notifies nobody", async () => {
      const s = await scene();

      const updated = await assign(s.mod, s.ticket.id, s.mod.id, s.category.id);

      expect(updated.assigned_to).toBe(s.mod.id);
      expect(await ticketNotifications(s.ticket.id)).toEqual([]);
      expect(events.namesOf(s.ticket.id)).toContain("ticket.assigned");
      expect(events.namesOf(s.ticket.id)).not.toContain("notification.created");
    });

    it("an empty address is written as NOT FOUND", async () => {
      const s = await scene();

      await assignTicket(server.node.ctx, s.admin, {
        ticketId: s.ticket.id,
        devId: s.mod.id,
        category: s.category.id,
        ip: "",
      });

      expect((await messagesOf(s.ticket.id))[0]?.ip_origin).toBe("NOT FOUND");
    });
  });

  describe("Auto", () => {
    it("picks an employee who handles the ticket's category and server, never the current assignee", async () => {
      const s = await scene("WAITING DEV", "mod");

      const updated = await assign(s.admin, s.ticket.id, undefined, s.category.id);

      // mod2 and dev handle both; mod is the current assignee, elsewhere handles another server.
      expect([s.mod2.id, s.dev.id]).toContain(updated.assigned_to);
    });

    it("is refused with no_eligible_assignee when nobody handles the category and server", async () => {
      const s = await scene();
      const lonely = await buildCategory(server.store);

      await expectRefused(
        () => assign(s.admin, s.ticket.id, undefined, lonely.id),
        s.ticket.id,
        "no_eligible_assignee",
      );
    });
  });

  describe("whom to", () => {
    it("refuses an employee who does not handle the ticket's server", async () => {
      const s = await scene();

      await expectRefused(
        () => assign(s.admin, s.ticket.id, s.elsewhere.id, s.category.id),
        s.ticket.id,
        "assignee_not_eligible",
      );
    });

    it("refuses an employee who does not handle the new category", async () => {
      const s = await scene();
      const unhandled = await buildCategory(server.store);

      await expectRefused(
        () => assign(s.admin, s.ticket.id, s.mod.id, unhandled.id),
        s.ticket.id,
        "assignee_not_eligible",
      );
    });

    it("refuses a disabled category with a validation error on the category field", async () => {
      const s = await scene();
      const disabled = await buildCategory(server.store, { disabled: 1 });

      await expectRefused(() => assign(s.admin, s.ticket.id, s.mod.id, disabled.id), s.ticket.id, "validation");
    });

    it("refuses a deleted category", async () => {
      const s = await scene();
      const deleted = await buildCategory(server.store, { deleted: 1, deleted_at: nowSeconds() });

      await expectRefused(() => assign(s.admin, s.ticket.id, s.mod.id, deleted.id), s.ticket.id, "validation");
    });
  });

  describe("who may assign", () => {
    it("any employee may pick up an unassigned ticket", async () => {
      const s = await scene();

      expect((await assign(s.mod2, s.ticket.id, s.mod.id, s.category.id)).assigned_to).toBe(s.mod.id);
    });

    it("refuses an employee who is not the assignee", async () => {
      const s = await scene("WAITING DEV", "mod");

      await expectRefused(
        () => assign(s.mod2, s.ticket.id, s.mod2.id, s.category.id),
        s.ticket.id,
        "not_ticket_assignee",
      );
    });

    it("an admin may reassign another's ticket", async () => {
      const s = await scene("ON HOLD", "mod");

      expect((await assign(s.admin, s.ticket.id, s.dev.id, s.category.id)).assigned_to).toBe(s.dev.id);
    });

    it("the dev rank does not choose the employee, but may use Auto", async () => {
      const s = await scene();

      await expectRefused(
        () => assign(s.dev, s.ticket.id, s.mod.id, s.category.id),
        s.ticket.id,
        "employee_choice_not_allowed",
      );
      const auto = await assign(s.dev, s.ticket.id, undefined, s.category.id);
      expect([s.mod.id, s.mod2.id, s.dev.id]).toContain(auto.assigned_to);
    });

    it("an employee other than an admin moves a ticket only into a category of their own", async () => {
      const s = await scene();
      const foreign = await buildCategory(server.store);
      await buildStaff(server.store, { rank: "mod", categoryIds: [foreign.id], serverIds: [s.ticket.server_id] });

      await expectRefused(() => assign(s.mod, s.ticket.id, s.mod.id, foreign.id), s.ticket.id, "category_not_allowed");
    });

    it("refuses an ended ticket with ticket_already_ended", async () => {
      for (const status of ["RESOLVED", "CLOSED"] as const) {
        const s = await scene(status);
        await expectRefused(
          () => assign(s.admin, s.ticket.id, s.mod.id, s.category.id),
          s.ticket.id,
          "ticket_already_ended",
        );
      }
    });

    it("answers not_found for a ticket that does not exist", async () => {
      const s = await scene();

      await expect(assign(s.admin, 987_654_321, s.mod.id, s.category.id)).rejects.toMatchObject({ code: "not_found" });
    });
  });

  describe("a stale view", () => {
    it("writes nothing when the assignee changed after the caller read the ticket", async () => {
      const s = await scene();
      // Someone else took the ticket after this caller read it as unassigned.
      await db().updateTable("tickets").set({ assigned_to: s.mod2.id }).where("id", "=", s.ticket.id).execute();
      const current = await ticketRow(s.ticket.id);

      const written = await writeAssignment(server.node.ctx, s.admin, s.ticket, {
        assignee: s.mod.id,
        category: s.category.id,
        ip: "203.0.113.7",
        now: nowSeconds(),
      });

      expect(written).toBeUndefined();
      expect(await ticketRow(s.ticket.id)).toEqual(current);
      expect(await messagesOf(s.ticket.id)).toEqual([]);
      expect(events.namesOf(s.ticket.id)).toEqual([]);
    });
  });
});
