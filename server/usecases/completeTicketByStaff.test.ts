/**
 * completeTicketByStaff as a use case, on both engines: fast complete and the second step of
 * submit-and-resolve / submit-and-close (spec/2-staff-ticket-work.md §4, §6). Each rule a test: who may end a ticket,
 * when a reason is required, what is written and announced, and that two calls at once end it once.
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import type { FastAction } from "../db/schema.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import { type EventLog, recordEvents } from "../test/eventLog.ts";
import { buildStaff, buildTicket, type TicketOptions } from "../test/factories.ts";
import { chatLinesOf, ticketRow as readTicket } from "../test/rows.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { completeTicketByStaff } from "./completeTicketByStaff.ts";

describe.each(ENGINES)("completeTicketByStaff on %s", (engine) => {
  const server = useTestServer(engine);
  let events: EventLog;
  beforeAll(() => {
    events = recordEvents(server.node.ctx.events);
  });

  const db = () => server.store.db;
  const ticketRow = (id: number) => readTicket(db(), id);
  const messagesOf = (id: number) => chatLinesOf(db(), id);

  /** A ticket assigned to `mod`, with a second mod and an admin around. */
  async function scene(status: TicketStatus = "WAITING DEV", extra: (mod: InsertedUser) => TicketOptions = () => ({})) {
    const admin = await buildStaff(server.store, { rank: "admin" });
    const mod = await buildStaff(server.store, { rank: "mod" });
    const mod2 = await buildStaff(server.store, { rank: "mod" });
    const ticket = await buildTicket(server.store, { status, assigned_to: mod.id, ...extra(mod) });
    return { admin, mod, mod2, ticket };
  }

  const complete = (actor: InsertedUser, ticketId: number, action: FastAction, excuse = "", ip = "203.0.113.8") =>
    completeTicketByStaff(server.node.ctx, actor, { ticketId, action, excuse, ip });

  /** Expects the call refused with `code`, the ticket as it was, and no message or event. */
  async function expectRefused(call: () => Promise<unknown>, ticketId: number, code: string) {
    const before = await ticketRow(ticketId);
    await expect(call()).rejects.toMatchObject({ code });
    expect(await ticketRow(ticketId)).toEqual(before);
    expect(await messagesOf(ticketId)).toEqual([]);
    expect(events.namesOf(ticketId)).toEqual([]);
  }

  describe("what completing writes", () => {
    it("resolves: status, resolver, reason, a completion line, then the events", async () => {
      const s = await scene("REPLIED");

      const updated = await complete(s.mod, s.ticket.id, "RESOLVED", "  Fixed in the last patch.  ");

      expect(updated).toEqual(await ticketRow(s.ticket.id));
      expect(updated).toMatchObject({
        status: "RESOLVED",
        resolved_by: String(s.mod.id),
        closed_by: null,
        excuse: "Fixed in the last patch.",
      });
      expect(await messagesOf(s.ticket.id)).toMatchObject([
        {
          type: "completion",
          completed_status: "RESOLVED",
          sender_id: s.mod.id,
          user_class: "dev",
          ip_origin: "203.0.113.8",
        },
      ]);
      expect(events.namesOf(s.ticket.id)).toEqual(["message.created", "ticket.updated"]);
    });

    it("closes: status and closer, no resolver", async () => {
      const s = await scene("ON HOLD");

      const updated = await complete(s.mod, s.ticket.id, "CLOSED", "Duplicate of another ticket.");

      expect(updated).toMatchObject({ status: "CLOSED", closed_by: String(s.mod.id), resolved_by: null });
      expect((await messagesOf(s.ticket.id))[0]?.completed_status).toBe("CLOSED");
    });

    it("keeps no reason when none was given, and writes NOT FOUND for an unknown address", async () => {
      const s = await scene("NEW TICKET");

      const updated = await complete(s.mod, s.ticket.id, "RESOLVED", "", "");

      expect(updated.excuse).toBeNull();
      expect((await messagesOf(s.ticket.id))[0]?.ip_origin).toBe("NOT FOUND");
    });
  });

  describe("the reason", () => {
    it("is required when the player wrote last", async () => {
      const s = await scene("WAITING DEV", (mod) => ({ last_message_from: "user", last_message_by: mod.id + 1_000 }));

      await expectRefused(() => complete(s.mod, s.ticket.id, "RESOLVED"), s.ticket.id, "excuse_required");
    });

    it("is required when another employee wrote last; blanks are no reason", async () => {
      const s = await scene("REPLIED");
      await db()
        .updateTable("tickets")
        .set({ last_message_from: "staff", last_message_by: s.mod2.id })
        .where("id", "=", s.ticket.id)
        .execute();

      await expectRefused(() => complete(s.mod, s.ticket.id, "CLOSED", "   "), s.ticket.id, "excuse_required");
      expect((await complete(s.mod, s.ticket.id, "CLOSED", "Answered by a colleague.")).status).toBe("CLOSED");
    });

    it("is not required when the actor wrote last", async () => {
      const s = await scene("REPLIED", (mod) => ({ last_message_from: "staff", last_message_by: mod.id }));

      expect((await complete(s.mod, s.ticket.id, "RESOLVED")).status).toBe("RESOLVED");
    });
  });

  describe("who may complete", () => {
    it("refuses an employee who is not the assignee", async () => {
      const s = await scene();

      await expectRefused(() => complete(s.mod2, s.ticket.id, "RESOLVED", "x"), s.ticket.id, "not_ticket_assignee");
    });

    it("an admin may complete another's ticket", async () => {
      const s = await scene();

      expect(await complete(s.admin, s.ticket.id, "CLOSED", "x")).toMatchObject({
        status: "CLOSED",
        closed_by: String(s.admin.id),
      });
    });

    it("any employee may complete an unassigned ticket", async () => {
      const s = await scene("WAITING DEV", () => ({ assigned_to: null }));

      expect((await complete(s.mod2, s.ticket.id, "RESOLVED", "x")).resolved_by).toBe(String(s.mod2.id));
    });

    it("refuses an ended ticket with ticket_already_ended", async () => {
      for (const status of ["RESOLVED", "CLOSED"] as const) {
        const s = await scene(status);
        await expectRefused(() => complete(s.mod, s.ticket.id, "RESOLVED", "x"), s.ticket.id, "ticket_already_ended");
      }
    });

    it("answers not_found for a ticket that does not exist", async () => {
      const s = await scene();

      await expect(complete(s.admin, 987_654_321, "RESOLVED", "x")).rejects.toMatchObject({ code: "not_found" });
    });
  });

  it("two completions at once end the ticket once: the other is told it has ended", async () => {
    const s = await scene("WAITING DEV");

    const outcomes = await Promise.allSettled([
      complete(s.mod, s.ticket.id, "RESOLVED", "first"),
      complete(s.admin, s.ticket.id, "CLOSED", "second"),
    ]);

    const done = outcomes.filter((o) => o.status === "fulfilled");
    const refused = outcomes.filter((o) => o.status === "rejected");
    expect(done).toHaveLength(1);
    expect(refused).toMatchObject([{ reason: { code: "ticket_already_ended" } }]);
    const after = await ticketRow(s.ticket.id);
    expect(after).toEqual((done[0] as PromiseFulfilledResult<unknown>).value);
    expect((await messagesOf(s.ticket.id)).map((m) => m.completed_status)).toEqual([after.status]);
    expect(events.namesOf(s.ticket.id)).toEqual(["message.created", "ticket.updated"]);
  });
});
