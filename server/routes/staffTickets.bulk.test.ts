/**
 * The staff list's bulk action (docs/decisions/bulk-actions.md) over real HTTP, on every engine:
 * each ticket goes through its single call's use case, so a bulk action writes, notifies and
 * announces what the single call does, and refuses each ticket with the single call's code while
 * the others go on; a body that does not fit is a 422 that changes nothing; callers outside staff
 * are refused whatever they send; the tickets named count against a limit; two bulk calls racing
 * over the same tickets leave each ticket in one state with one assignment.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import { BULK_TICKETS_MAX } from "../../common/schemas/staffTickets.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { TicketRow } from "../db/schema.ts";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { ENGINES } from "../test/engines.ts";
import { type EventLog, recordEvents } from "../test/eventLog.ts";
import { buildStaff, buildTicket, type TicketOptions } from "../test/factories.ts";
import { inParallel } from "../test/inParallel.ts";
import type { TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { buildStaffTicketWorld, type StaffTicketWorld } from "../test/staffTicketWorld.ts";
import { useTestServer } from "../test/useTestServer.ts";

const BULK = "/api/tickets/bulk-action";
const MISSING = 2_000_000_000;

interface BulkAnswer {
  done: number[];
  refused: { ticket_id: number; code: string }[];
}

describe.each(ENGINES)("bulk ticket actions on %s", (engine) => {
  const server = useTestServer(engine);
  let events: EventLog;
  beforeAll(() => {
    events = recordEvents(server.node.ctx.events);
  });

  const db = () => server.store.db;
  const row = (id: number) => db().selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const messagesOf = (id: number) =>
    db().selectFrom("chat_messages").selectAll().where("ticket_id", "=", id).orderBy("id").execute();
  const notificationsOf = (id: number) =>
    db().selectFrom("notifications").selectAll().where("ticket_id", "=", id).orderBy("id").execute();

  /** What a ticket holds after an action, without what differs between two tickets anyway. */
  async function footprint(id: number) {
    const ticket = await row(id);
    return {
      ticket: {
        status: ticket.status,
        assigned_to: ticket.assigned_to,
        category_id: ticket.category_id,
        resolved_by: ticket.resolved_by,
        closed_by: ticket.closed_by,
        excuse: ticket.excuse,
        hold_until: ticket.hold_until === null ? null : Number(ticket.hold_until),
      },
      messages: (await messagesOf(id)).map((m) => ({
        type: m.type,
        sender_id: m.sender_id,
        sender_name: m.sender_name,
        user_class: m.user_class,
        from_user: m.from_user,
        to_user: m.to_user,
        prev_category: m.prev_category,
        new_category: m.new_category,
        completed_status: m.completed_status,
        ip_origin: m.ip_origin,
      })),
      notifications: (await notificationsOf(id)).map((n) => ({ user_id: n.user_id, type: n.type, by: n.by_user_id })),
      events: events.namesOf(id),
    };
  }

  /**
   * Waits until two tickets hold the same footprint: the chat list's follow of an assignment is
   * announced a moment after the call answers.
   */
  async function expectAlike(bulked: number, single: number) {
    await expect
      .poll(async () => {
        const [a, b] = [await footprint(bulked), await footprint(single)];
        return JSON.stringify(a) === JSON.stringify(b) ? "alike" : JSON.stringify({ bulked: a, single: b });
      })
      .toBe("alike");
  }

  /** Another ticket of the world's member, category and server. */
  const another = (w: StaffTicketWorld, options: TicketOptions = {}) =>
    buildTicket(server.store, {
      member: w.member,
      status: "WAITING DEV",
      category_id: w.category.id,
      server_id: w.gameServer.id,
      ...options,
    });

  async function bulk(client: TestClient, body: Record<string, unknown>): Promise<BulkAnswer> {
    const answer = await client.post<BulkAnswer>(BULK, body);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return answer.body;
  }

  describe("each ticket on its own", () => {
    it("does what it may and refuses the rest with the single call's codes, leaving them as they were", async () => {
      const w = await buildStaffTicketWorld(server);
      const outside = await another(w, { category_id: w.otherCategory.id });
      const closed = await another(w, { status: "CLOSED", closed_by: String(w.admin.id) });
      const others = await another(w, { assigned_to: w.mod.id });
      const ids = [w.ticket.id, outside.id, MISSING, closed.id, others.id];
      const before = new Map<number, TicketRow>();
      for (const id of [outside.id, closed.id, others.id]) before.set(id, await row(id));

      // The dev rank takes tickets for itself: "assign to me".
      const answer = await bulk(w.clients.dev, { action: "assign", ticket_ids: ids, devId: w.dev.id });

      expect(answer.done).toEqual([w.ticket.id]);
      expect(answer.refused).toEqual([
        { ticket_id: outside.id, code: "assignee_not_eligible" },
        { ticket_id: MISSING, code: "not_found" },
        { ticket_id: closed.id, code: "ticket_already_ended" },
        { ticket_id: others.id, code: "not_ticket_assignee" },
      ]);
      expect(await row(w.ticket.id)).toMatchObject({ assigned_to: w.dev.id, status: "WAITING DEV" });
      for (const [id, was] of before) {
        expect(await row(id)).toEqual(was);
        expect(await messagesOf(id)).toEqual([]);
        expect(await notificationsOf(id)).toEqual([]);
        expect(events.namesOf(id)).toEqual([]);
      }

      // Each code is the one the ticket page's own call answers for that ticket.
      for (const { ticket_id, code } of answer.refused) {
        const category = ticket_id === MISSING ? w.category.id : (await row(ticket_id)).category_id;
        const single = await w.clients.dev.post("/api/tickets/assign-ticket", {
          ticketId: ticket_id,
          category,
          devId: w.dev.id,
        });
        expect(single.body.code, `ticket ${ticket_id}`).toBe(code);
        expect(single.status).toBeGreaterThanOrEqual(400);
      }
    });

    it("answers 200 with everything refused when nothing may be done, and changes nothing", async () => {
      const w = await buildStaffTicketWorld(server, "ON HOLD");
      const was = await row(w.ticket.id);
      const answer = await bulk(w.clients.mod, { action: "hold", ticket_ids: [w.ticket.id, MISSING] });
      expect(answer).toEqual({
        done: [],
        refused: [
          { ticket_id: w.ticket.id, code: "ticket_already_on_hold" },
          { ticket_id: MISSING, code: "not_found" },
        ],
      });
      expect(await row(w.ticket.id)).toEqual(was);
    });

    it("keeps the reason rule of fast complete per ticket: required where the player spoke last", async () => {
      const w = await buildStaffTicketWorld(server);
      const playerLast = await another(w, { last_message_from: "user", last_message_by: w.member.id });
      const mineLast = await another(w, { status: "REPLIED", last_message_from: "staff", last_message_by: w.mod.id });
      const otherStaffLast = await another(w, {
        status: "REPLIED",
        last_message_from: "staff",
        last_message_by: w.mod2.id,
      });

      const without = await bulk(w.clients.mod, {
        action: "resolve",
        ticket_ids: [playerLast.id, mineLast.id, otherStaffLast.id],
      });
      expect(without).toEqual({
        done: [mineLast.id],
        refused: [
          { ticket_id: playerLast.id, code: "excuse_required" },
          { ticket_id: otherStaffLast.id, code: "excuse_required" },
        ],
      });
      expect(await row(playerLast.id)).toMatchObject({ status: "WAITING DEV", resolved_by: null });
      expect(await row(mineLast.id)).toMatchObject({ status: "RESOLVED", resolved_by: String(w.mod.id), excuse: null });

      const withReason = await bulk(w.clients.mod, {
        action: "close",
        ticket_ids: [playerLast.id, otherStaffLast.id, mineLast.id],
        excuse: "  Duplicate  ",
      });
      expect(withReason).toEqual({
        done: [playerLast.id, otherStaffLast.id],
        refused: [{ ticket_id: mineLast.id, code: "ticket_already_ended" }],
      });
      for (const id of [playerLast.id, otherStaffLast.id]) {
        expect(await row(id)).toMatchObject({ status: "CLOSED", closed_by: String(w.mod.id), excuse: "Duplicate" });
      }
    });
  });

  describe("the same as the single call", () => {
    /** Two tickets alike: one gets the single call, the other the bulk action; both must end alike. */
    async function twins(status: TicketStatus, options: (w: StaffTicketWorld) => TicketOptions = () => ({})) {
      const w = await buildStaffTicketWorld(server, status);
      const single = await another(w, { status, ...options(w) });
      const bulked = await another(w, { status, ...options(w) });
      return { w, single, bulked };
    }

    it("assigns to a chosen employee: the ticket, the assignment line, the notification and the events", async () => {
      const { w, single, bulked } = await twins("NEW TICKET");
      const one = await w.clients.mod.post("/api/tickets/assign-ticket", {
        ticketId: single.id,
        category: w.category.id,
        devId: w.mod2.id,
      });
      expect(one.status).toBe(200);
      expect(await bulk(w.clients.mod, { action: "assign", ticket_ids: [bulked.id], devId: w.mod2.id })).toEqual({
        done: [bulked.id],
        refused: [],
      });
      await expectAlike(bulked.id, single.id);
      const done = await footprint(bulked.id);
      expect(done.ticket).toMatchObject({ assigned_to: w.mod2.id, category_id: w.category.id, status: "NEW TICKET" });
      expect(done.messages).toMatchObject([{ type: "assignment", from_user: null, to_user: w.mod2.id }]);
      expect(done.notifications).toEqual([{ user_id: w.mod2.id, type: "assignment", by: w.mod.id }]);
      expect(done.events).toContain("ticket.assigned");
      expect(done.events).toContain("notification.created");
    });

    it("Auto picks an eligible employee for each ticket, in the ticket's own category", async () => {
      const { w, single, bulked } = await twins("WAITING DEV");
      // Only the world's four handle the category and server; Auto picks one of them.
      const answer = await bulk(w.clients.dev, { action: "assign", ticket_ids: [bulked.id, single.id] });
      expect(answer.done).toEqual([bulked.id, single.id]);
      for (const id of answer.done) {
        const ticket = await row(id);
        expect([w.admin.id, w.mod.id, w.dev.id, w.mod2.id]).toContain(ticket.assigned_to);
        expect(ticket.category_id).toBe(w.category.id);
        expect((await messagesOf(id)).map((m) => m.type)).toEqual(["assignment"]);
      }
    });

    it("holds with a wake-up time", async () => {
      const { w, single, bulked } = await twins("REPLIED", (world) => ({ assigned_to: world.mod.id }));
      const at = nowSeconds() + 3600;
      expect(
        (await w.clients.mod.post("/api/tickets/put-ticket-on-hold", { ticket_id: single.id, hold_until: at })).status,
      ).toBe(200);
      expect(await bulk(w.clients.mod, { action: "hold", ticket_ids: [bulked.id], hold_until: at })).toEqual({
        done: [bulked.id],
        refused: [],
      });
      await expectAlike(bulked.id, single.id);
      const done = await footprint(bulked.id);
      expect(done.ticket).toMatchObject({ status: "ON HOLD", hold_until: at });
    });

    for (const [action, status] of [
      ["resolve", "RESOLVED"],
      ["close", "CLOSED"],
    ] as const) {
      it(`${action}s with a reason: the status, the closer, the completion line and the events`, async () => {
        const { w, single, bulked } = await twins("ON HOLD", (world) => ({
          assigned_to: world.mod.id,
          last_message_from: "user",
          last_message_by: world.member.id,
          hold_until: nowSeconds() + 600,
        }));
        const one = await w.clients.mod.post("/api/tickets/submit-ticket-complete", {
          ticket_id: single.id,
          action: status,
          excuse: "Fixed in the patch",
        });
        expect(one.status).toBe(200);
        expect(await bulk(w.clients.mod, { action, ticket_ids: [bulked.id], excuse: "Fixed in the patch" })).toEqual({
          done: [bulked.id],
          refused: [],
        });
        await expectAlike(bulked.id, single.id);
        const done = await footprint(bulked.id);
        expect(done.ticket).toMatchObject({ status, excuse: "Fixed in the patch", hold_until: null });
        expect(done.messages).toMatchObject([{ type: "completion", completed_status: status, sender_id: w.mod.id }]);
      });
    }
  });

  describe("refusals of the whole call", () => {
    it("answers a body that does not fit with 422 and detail, and changes nothing", async () => {
      const w = await buildStaffTicketWorld(server);
      const second = await another(w);
      const ids = [w.ticket.id, second.id];
      const before = [await row(w.ticket.id), await row(second.id)];
      const tooMany = Array.from({ length: BULK_TICKETS_MAX + 1 }, (_, i) => w.ticket.id + i);
      const bodies: [string, Record<string, unknown>][] = [
        ["no tickets", { action: "hold", ticket_ids: [] }],
        ["too many tickets", { action: "hold", ticket_ids: tooMany }],
        ["a ticket twice", { action: "hold", ticket_ids: [w.ticket.id, second.id, w.ticket.id] }],
        ["not ids", { action: "hold", ticket_ids: ["one", "two"] }],
        ["a negative id", { action: "hold", ticket_ids: [-4] }],
        ["no ticket_ids", { action: "hold" }],
        ["no action", { ticket_ids: ids }],
        ["an unknown action", { action: "delete", ticket_ids: ids }],
        ["reopen is not a bulk action", { action: "reopen", ticket_ids: ids }],
        ["a past wake-up time", { action: "hold", ticket_ids: ids, hold_until: nowSeconds() - 60 }],
        ["a wake-up time beyond a year", { action: "hold", ticket_ids: ids, hold_until: nowSeconds() + 400 * 86_400 }],
        ["an assignee that is not an id", { action: "assign", ticket_ids: ids, devId: "someone" }],
        ["a reason too long", { action: "resolve", ticket_ids: ids, excuse: "x".repeat(501) }],
      ];
      for (const [name, body] of bodies) {
        const answer = await w.clients.admin.post(BULK, body);
        expect(answer.status, `${name}: ${JSON.stringify(answer.body)}`).toBe(422);
        const detail = answer.body.detail as { loc: unknown[]; msg: string }[];
        expect(detail.length, name).toBeGreaterThan(0);
        expect(detail[0]!.msg.length, name).toBeGreaterThan(0);
      }
      expect([await row(w.ticket.id), await row(second.id)]).toEqual(before);
      for (const id of ids) {
        expect(await messagesOf(id)).toEqual([]);
        expect(events.namesOf(id)).toEqual([]);
      }
    });

    it("says which field is wrong", async () => {
      const w = await buildStaffTicketWorld(server);
      const twice = await w.clients.admin.post(BULK, { action: "hold", ticket_ids: [w.ticket.id, w.ticket.id] });
      expect((twice.body.detail as { loc: unknown[] }[])[0]!.loc).toContain("ticket_ids");
      const past = await w.clients.admin.post(BULK, {
        action: "hold",
        ticket_ids: [w.ticket.id],
        hold_until: nowSeconds() - 1,
      });
      expect((past.body.detail as { loc: unknown[] }[])[0]!.loc).toContain("hold_until");
    });

    it("refuses anonymous callers (401) and players (403) whatever the body, before reading it", async () => {
      const w = await buildStaffTicketWorld(server);
      const before = await row(w.ticket.id);
      const anonymous = server.client();
      for (const body of [
        { action: "close", ticket_ids: [w.ticket.id], excuse: "x" },
        { action: "nonsense" },
        { ticket_ids: "x".repeat(50) },
      ]) {
        const stranger = await anonymous.post(BULK, body);
        expect(stranger.status).toBe(401);
        expect(stranger.body.detail).toBeTruthy();
        const player = await w.clients.player.post(BULK, body);
        expect(player.status).toBe(403);
        expect(player.body.detail).toBeTruthy();
      }
      expect(await row(w.ticket.id)).toEqual(before);
      expect(events.namesOf(w.ticket.id)).toEqual([]);
    });

    it("counts every ticket named against the employee's limit, reserved before any is touched", async () => {
      const w = await buildStaffTicketWorld(server);
      const second = await another(w);
      const rule = RATE_LIMITS.bulkTicketActions;
      const key = `bulk-ticket-action:user:${w.mod.id}`;
      // Earlier calls this minute named all but one ticket of the limit.
      expect((await server.node.ctx.limits.consume(key, rule, rule.max - 1)).allowed).toBe(true);

      const refused = await w.clients.mod.post(BULK, { action: "hold", ticket_ids: [w.ticket.id, second.id] });
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe("rate_limited");
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect((await row(w.ticket.id)).status).toBe("WAITING DEV");
      expect((await row(second.id)).status).toBe("WAITING DEV");

      // The one ticket left fits; another employee has a limit of their own.
      expect(await bulk(w.clients.mod, { action: "hold", ticket_ids: [w.ticket.id] })).toEqual({
        done: [w.ticket.id],
        refused: [],
      });
      expect(await bulk(w.clients.mod2, { action: "hold", ticket_ids: [second.id] })).toEqual({
        done: [second.id],
        refused: [],
      });
    });
  });

  describe("two bulk calls at once", () => {
    it("over the same tickets: each ends with one assignee, one assignment line and one notification", async () => {
      const w = await buildStaffTicketWorld(server);
      const handles = { categoryIds: [w.category.id], serverIds: [w.gameServer.id] };
      const [first, second] = [await buildStaff(server.store, handles), await buildStaff(server.store, handles)];
      const tickets = [w.ticket];
      for (let i = 0; i < 7; i++) tickets.push(await another(w));
      const ids = tickets.map((t) => t.id);
      // The two mods walk the tickets from opposite ends, so they meet on some of them.
      const calls = [
        { client: w.clients.mod, body: { action: "assign", ticket_ids: ids, devId: first.id } },
        { client: w.clients.mod2, body: { action: "assign", ticket_ids: [...ids].reverse(), devId: second.id } },
      ];
      const answers: BulkAnswer[] = [];
      await inParallel(calls.length, calls.length, async (i) => {
        answers[i] = await bulk(calls[i]!.client, calls[i]!.body);
      });

      const [byFirst, bySecond] = answers as [BulkAnswer, BulkAnswer];
      expect([...byFirst.done, ...bySecond.done].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      for (const { code } of [...byFirst.refused, ...bySecond.refused]) {
        // The loser either read the ticket after the winner (no longer theirs) or lost the guarded write.
        expect(["not_ticket_assignee", "ticket_changed"]).toContain(code);
      }
      const numeric = (list: number[]) => [...list].sort((a, b) => a - b);
      expect(numeric(byFirst.refused.map((r) => r.ticket_id))).toEqual(numeric(bySecond.done));
      for (const id of ids) {
        const assignee = byFirst.done.includes(id) ? first.id : second.id;
        const byWhom = byFirst.done.includes(id) ? w.mod.id : w.mod2.id;
        expect((await row(id)).assigned_to).toBe(assignee);
        expect((await messagesOf(id)).map((m) => [m.type, m.to_user])).toEqual([["assignment", assignee]]);
        expect((await notificationsOf(id)).map((n) => [n.user_id, n.type, n.by_user_id])).toEqual([
          [assignee, "assignment", byWhom],
        ]);
      }
    });

    it("hold and resolve over the same tickets: every ticket ends resolved, with one completion line", async () => {
      const w = await buildStaffTicketWorld(server);
      const tickets = [w.ticket];
      for (let i = 0; i < 5; i++) tickets.push(await another(w));
      const ids = tickets.map((t) => t.id);
      const calls = [
        { client: w.clients.mod, body: { action: "hold", ticket_ids: ids, hold_until: nowSeconds() + 3600 } },
        { client: w.clients.admin, body: { action: "resolve", ticket_ids: [...ids].reverse(), excuse: "Done" } },
      ];
      const answers: BulkAnswer[] = [];
      await inParallel(calls.length, calls.length, async (i) => {
        answers[i] = await bulk(calls[i]!.client, calls[i]!.body);
      });
      const [held, resolved] = answers as [BulkAnswer, BulkAnswer];
      // Resolve starts from ON HOLD too: a hold that came first does not stop it.
      expect([...resolved.done].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
      for (const { code } of held.refused) expect(["ticket_already_ended", "ticket_changed"]).toContain(code);
      for (const id of ids) {
        expect(await row(id)).toMatchObject({ status: "RESOLVED", resolved_by: String(w.admin.id), hold_until: null });
        expect((await messagesOf(id)).filter((m) => m.type === "completion")).toHaveLength(1);
      }
    });
  });

  it("acts as the session's employee, whatever else the body names", async () => {
    const w = await buildStaffTicketWorld(server);
    const admin = await openSession(server, server.client(), w.admin);
    const answer = await bulk(admin, {
      action: "resolve",
      ticket_ids: [w.ticket.id],
      excuse: "x",
      userId: w.dev.id,
      actor: w.dev.id,
    });
    expect(answer.done).toEqual([w.ticket.id]);
    expect(await row(w.ticket.id)).toMatchObject({ status: "RESOLVED", resolved_by: String(w.admin.id) });
  });
});
