/**
 * "Assign on first reply" through sendChatMessage, on both engines and both ways a reply is
 * stored: a plain one (on PostgreSQL the one statement of repositories/messageWrite.ts) and one
 * that quotes (always the transaction). The setting off and on, an ineligible replier, and two
 * employees replying at once: exactly one assignee and one assignment line.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "../context.ts";
import { writeSetting } from "../db/appSettings.ts";
import type { UserRow } from "../repositories/users.ts";
import { ENGINES } from "../test/engines.ts";
import { type EventLog, recordEvents } from "../test/eventLog.ts";
import {
  buildCategory,
  buildChatMessage,
  buildMember,
  buildServer,
  buildStaff,
  buildTicket,
} from "../test/factories.ts";
import { chatLinesOf, ticketRow as readTicket, userRow as readUser, sessionOf } from "../test/rows.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { sendChatMessage } from "./sendChatMessage.ts";

const WAYS = ["plain", "quoting"] as const;
type Way = (typeof WAYS)[number];

describe.each(ENGINES)("assign on first reply on %s", (engine) => {
  const server = useTestServer(engine);
  let ctx: AppContext;
  let events: EventLog;
  beforeAll(() => {
    ctx = server.node.ctx;
    events = recordEvents(ctx.events);
  });
  afterEach(async () => {
    await writeSetting(server.store.db, "assign_on_first_reply", "0");
  });

  const db = () => server.store.db;
  const userRow = (id: number) => readUser(db(), id);
  const ticketRow = (id: number) => readTicket(db(), id);
  const linesOf = (id: number) => chatLinesOf(db(), id);

  /** An unassigned ticket with a player's line to quote, two employees who handle it, one who does not. */
  async function scene() {
    const gameServer = await buildServer(server.store);
    const category = await buildCategory(server.store);
    const handles = { categoryIds: [category.id], serverIds: [gameServer.id] };
    const member = await buildMember(server.store, { characters: [{ serverId: gameServer.id }] });
    const ticket = await buildTicket(server.store, {
      member,
      status: "NEW TICKET",
      category_id: category.id,
      server_id: gameServer.id,
    });
    const line = await buildChatMessage(server.store, ticket);
    const first = await userRow((await buildStaff(server.store, { rank: "dev", ...handles })).id);
    const second = await userRow((await buildStaff(server.store, { rank: "mod", ...handles })).id);
    const outsider = await userRow(
      (await buildStaff(server.store, { rank: "mod", categoryIds: [category.id], serverIds: [] })).id,
    );
    return { ticket, line, first, second, outsider };
  }

  const reply = (sender: UserRow, ticketId: number, way: Way, quoted: number) =>
    sendChatMessage(ctx, sender, sessionOf(sender), {
      ticketId,
      message: `Reply from ${sender.name}.`,
      replyTo: way === "quoting" ? { id: quoted, sender_name: "", message: "" } : null,
      uploadedNames: [],
      newFiles: [],
      ip: "203.0.113.9",
    });

  describe.each(WAYS)("a %s reply", (way) => {
    it("assigns nothing while the setting is off", async () => {
      const s = await scene();
      const sent = await reply(s.first, s.ticket.id, way, s.line.id);
      expect(sent.ticket.assigned_to).toBeNull();
      expect((await ticketRow(s.ticket.id)).assigned_to).toBeNull();
      expect(events.namesOf(s.ticket.id)).not.toContain("ticket.assigned");
    });

    it("with the setting on, gives the ticket to its eligible sender as a manual assignment would", async () => {
      await writeSetting(db(), "assign_on_first_reply", "1");
      const s = await scene();
      const sent = await reply(s.first, s.ticket.id, way, s.line.id);

      expect(sent.ticket).toEqual(await ticketRow(s.ticket.id));
      expect(sent.ticket).toMatchObject({ assigned_to: s.first.id, status: "REPLIED" });
      const lines = await linesOf(s.ticket.id);
      expect(lines.slice(1).map((l) => [l.type, l.sender_id])).toEqual([
        ["message", s.first.id],
        ["assignment", s.first.id],
      ]);
      expect(lines[2]).toMatchObject({ from_user: null, to_user: s.first.id, ip_origin: "203.0.113.9" });
      // The reply's events, then the assignment's, as assign-ticket announces them; no notification for oneself.
      const names = events.namesOf(s.ticket.id);
      expect(names.slice(names.indexOf("ticket.assigned") - 2)).toEqual([
        "message.created",
        "ticket.updated",
        "ticket.assigned",
      ]);
      expect(names).not.toContain("notification.created");

      // Assigned now: a later reply by another employee changes nothing.
      await reply(s.second, s.ticket.id, way, s.line.id);
      expect((await ticketRow(s.ticket.id)).assigned_to).toBe(s.first.id);
      expect(names.filter((n) => n === "ticket.assigned")).toHaveLength(1);
    });

    it("an ineligible sender's reply leaves the ticket unassigned, for the next eligible one", async () => {
      await writeSetting(db(), "assign_on_first_reply", "1");
      const s = await scene();
      await reply(s.outsider, s.ticket.id, way, s.line.id);
      expect((await ticketRow(s.ticket.id)).assigned_to).toBeNull();
      expect((await linesOf(s.ticket.id)).map((l) => l.type)).toEqual(["message", "message"]);

      await reply(s.second, s.ticket.id, way, s.line.id);
      expect((await ticketRow(s.ticket.id)).assigned_to).toBe(s.second.id);
    });

    it("two employees replying at once: exactly one becomes the assignee, with one assignment line", async () => {
      await writeSetting(db(), "assign_on_first_reply", "1");
      for (let round = 0; round < 5; round++) {
        const s = await scene();
        const [a, b] = await Promise.all([
          reply(s.first, s.ticket.id, way, s.line.id),
          reply(s.second, s.ticket.id, way, s.line.id),
        ]);
        const stored = await ticketRow(s.ticket.id);
        expect([s.first.id, s.second.id]).toContain(stored.assigned_to);
        const lines = await linesOf(s.ticket.id);
        expect(lines.filter((l) => l.type === "message")).toHaveLength(3);
        const assignments = lines.filter((l) => l.type === "assignment");
        expect(assignments).toHaveLength(1);
        expect(assignments[0]).toMatchObject({ from_user: null, to_user: stored.assigned_to });
        expect(events.namesOf(s.ticket.id).filter((n) => n === "ticket.assigned")).toHaveLength(1);
        // Each sender's answer is the ticket as their call left it: the winner's shows them assigned.
        const winner = stored.assigned_to === s.first.id ? a : b;
        expect(winner.ticket.assigned_to).toBe(stored.assigned_to);
      }
    });
  });
});
