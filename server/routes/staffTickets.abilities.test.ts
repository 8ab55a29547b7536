/**
 * A staff ticket's abilities say exactly what its calls answer, over real HTTP on every engine:
 * for the admin, a mod, a dev, the assignee and someone else, on open, held, unassigned, ended
 * and banned tickets. An ability that is true lets its call through; a false one names the code
 * the call is refused with, and the refused call writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import type { FetchStaffTicketResponse } from "../../common/schemas/staffTickets.ts";
import type { TicketAbilities, TicketAbility } from "../../common/schemas/ticketResponses.ts";
import type { TicketRow } from "../db/schema.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildMember, buildTicket, type TicketOptions } from "../test/factories.ts";
import { connected, nextEvent, startTestServer, type TestServer } from "../test/server.ts";
import { buildStaffTicketWorld, type StaffTicketWorld } from "../test/staffTicketWorld.ts";

type Actor = "admin" | "mod" | "dev" | "mod2";
const ACTORS: Actor[] = ["admin", "mod", "dev", "mod2"];

interface Scenario {
  name: string;
  status: TicketStatus;
  /** The ticket's columns, given the world. */
  values(w: StaffTicketWorld): Omit<TicketOptions, "status" | "member">;
  bannedPlayer?: boolean;
  deletedCategory?: boolean;
}

const SCENARIOS: Scenario[] = [
  {
    name: "open, the dev's, the player wrote last",
    status: "WAITING DEV",
    values: (w) => ({ assigned_to: w.dev.id, last_message_from: "user", last_message_by: w.member.id }),
  },
  {
    name: "open, the mod's, the mod wrote last",
    status: "REPLIED",
    values: (w) => ({ assigned_to: w.mod.id, last_message_from: "staff", last_message_by: w.mod.id }),
  },
  { name: "new and unassigned", status: "NEW TICKET", values: () => ({ assigned_to: null }) },
  { name: "on hold, the second mod's", status: "ON HOLD", values: (w) => ({ assigned_to: w.mod2.id }) },
  {
    name: "resolved by its assignee, the dev",
    status: "RESOLVED",
    values: (w) => ({ assigned_to: w.dev.id, resolved_by: String(w.dev.id) }),
  },
  {
    name: "closed by the second mod, assigned to the dev",
    status: "CLOSED",
    values: (w) => ({ assigned_to: w.dev.id, closed_by: String(w.mod2.id) }),
  },
  {
    name: "closed by AUTO, assigned to the mod, its category deleted",
    status: "CLOSED",
    values: (w) => ({ assigned_to: w.mod.id, closed_by: "AUTO" }),
    deletedCategory: true,
  },
  {
    name: "open, the mod's, its player banned",
    status: "WAITING DEV",
    values: (w) => ({ assigned_to: w.mod.id }),
    bannedPlayer: true,
  },
];

describe.each(ENGINES)("staff ticket abilities on %s", (engine) => {
  let server: TestServer;
  let w: StaffTicketWorld;
  beforeAll(async () => {
    server = await startTestServer(engine);
    w = await buildStaffTicketWorld(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const row = (id: number) =>
    server.store.db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** A fresh ticket of the scenario, with a player of its own (a ban reaches every ticket of a player). */
  async function ticketOf(scenario: Scenario): Promise<TicketRow> {
    const member = await buildMember(server.store, {
      characters: [{ serverId: w.gameServer.id }],
      ...(scenario.bannedPlayer ? { bannedUntil: -1 } : {}),
    });
    const category = scenario.deletedCategory ? await buildCategory(server.store, { deleted: 1 }) : w.category;
    return buildTicket(server.store, {
      member,
      status: scenario.status,
      category_id: category.id,
      server_id: w.gameServer.id,
      banned: scenario.bannedPlayer ? 1 : 0,
      ...scenario.values(w),
    });
  }

  async function abilitiesOf(actor: Actor, ticket: TicketRow): Promise<TicketAbilities> {
    const fetched = await w.clients[actor].post<FetchStaffTicketResponse>("/api/tickets/fetch-ticket", {
      ticket_id: ticket.id,
    });
    expect(fetched.status).toBe(200);
    return fetched.body.ticket.abilities;
  }

  /** Someone the ticket may be handed to by name: handles its category and server, is not its assignee. */
  const otherEmployee = (ticket: TicketRow) => [w.mod2, w.mod, w.admin].find((s) => s.id !== ticket.assigned_to)!.id;

  /** The call behind each ability, on a ticket of its own ("assign to me" is checked apart, below). */
  const CALLS: Record<
    Exclude<TicketAbility, "assign_self">,
    (ticket: TicketRow) => [string, Record<string, unknown>]
  > = {
    act: (t) => ["/api/tickets/submit-ticket-complete", { ticket_id: t.id, action: "RESOLVED", excuse: "Done" }],
    edit: (t) => [
      "/api/tickets/update-ticket",
      { ticket_id: t.id, new_category: t.category_id, new_priority: t.priority_id },
    ],
    assign: (t) => ["/api/tickets/assign-ticket", { ticketId: t.id, category: t.category_id }],
    choose_employee: (t) => [
      "/api/tickets/assign-ticket",
      { ticketId: t.id, category: t.category_id, devId: otherEmployee(t) },
    ],
    hold: (t) => ["/api/tickets/put-ticket-on-hold", { ticket_id: t.id }],
    complete: (t) => ["/api/tickets/submit-ticket-complete", { ticket_id: t.id, action: "CLOSED", excuse: "Done" }],
    reopen: (t) => ["/api/tickets/reopen-ticket", { ticket_id: t.id }],
    ban: (t) => ["/api/tickets/ban-member-user", { ticket_id: t.id, ban_reason: "Spam", ban_time: 3600 }],
    unban: (t) => ["/api/tickets/unban-member-user", { ticket_id: t.id }],
  };

  /** Calls on a fresh ticket of the scenario: 200 when `allowed`, else refused with `code` and nothing written. */
  async function expectCall(
    scenario: Scenario,
    actor: Actor,
    call: (ticket: TicketRow) => [string, Record<string, unknown>],
    allowed: boolean,
    code: string | undefined,
  ): Promise<void> {
    const ticket = await ticketOf(scenario);
    const [path, body] = call(ticket);
    const answer = await w.clients[actor].post(path, body);
    const what = `${actor} ${path} on "${scenario.name}": ${JSON.stringify(answer.body)}`;
    if (allowed) {
      expect(answer.status, what).toBe(200);
      return;
    }
    expect(answer.status, what).toBeGreaterThanOrEqual(400);
    expect(answer.body.code, what).toBe(code);
    expect(await row(ticket.id)).toEqual(ticket);
  }

  for (const scenario of SCENARIOS) {
    for (const actor of ACTORS) {
      it(`${actor} on a ticket ${scenario.name}: every ability as its call answers`, async () => {
        const abilities = await abilitiesOf(actor, await ticketOf(scenario));
        for (const ability of Object.keys(CALLS) as (keyof typeof CALLS)[]) {
          const allowed = abilities[ability];
          const code = abilities.refusals[ability];
          expect(allowed ? code : typeof code, `${ability} and its refusal`).toBe(allowed ? undefined : "string");
          await expectCall(scenario, actor, CALLS[ability], allowed, code);
        }

        // Assign to me: the assign call naming the caller. Its refusal for the assignee themselves
        // (the eligibility rule excludes the current assignee) meets the call's no-op for keeping
        // the assignee: nothing is written either way.
        const self = w[actor].id;
        const toMe = (t: TicketRow): [string, Record<string, unknown>] => [
          "/api/tickets/assign-ticket",
          { ticketId: t.id, category: t.category_id, devId: self },
        ];
        const code = abilities.refusals.assign_self;
        expect(abilities.assign_self ? code : typeof code, "assign_self and its refusal").toBe(
          abilities.assign_self ? undefined : "string",
        );
        if (scenario.values(w).assigned_to === self && code === "assignee_not_eligible") {
          const ticket = await ticketOf(scenario);
          const [path, body] = toMe(ticket);
          expect((await w.clients[actor].post(path, body)).status).toBe(200);
          expect(await row(ticket.id)).toEqual(ticket);
        } else {
          await expectCall(scenario, actor, toMe, abilities.assign_self, code);
        }

        // A reason: refused without one exactly when excuse_required says so.
        if (abilities.complete) {
          const withoutReason = (t: TicketRow): [string, Record<string, unknown>] => [
            "/api/tickets/submit-ticket-complete",
            { ticket_id: t.id, action: "RESOLVED", excuse: "" },
          ];
          await expectCall(scenario, actor, withoutReason, !abilities.excuse_required, "excuse_required");
        }

        // The categories: an admin any, anyone else only their own.
        expect(abilities.categories).toEqual(actor === "admin" ? "any" : [w.category.id]);
        if (abilities.edit) {
          const elsewhere = (t: TicketRow): [string, Record<string, unknown>] => [
            "/api/tickets/update-ticket",
            { ticket_id: t.id, new_category: w.otherCategory.id, new_priority: t.priority_id },
          ];
          await expectCall(scenario, actor, elsewhere, abilities.categories === "any", "category_not_allowed");
        }
      });
    }
  }

  it("the abilities follow the ticket: each action's answer carries them after the change", async () => {
    const ticket = await ticketOf(SCENARIOS[0]!);
    expect((await abilitiesOf("dev", ticket)).hold).toBe(true);
    const held = await w.clients.dev.post<{ ticket_data: { abilities: TicketAbilities } }>(
      "/api/tickets/put-ticket-on-hold",
      { ticket_id: ticket.id },
    );
    expect(held.body.ticket_data.abilities).toMatchObject({
      act: true,
      hold: false,
      refusals: { hold: "ticket_already_on_hold" },
    });
    const closed = await w.clients.dev.post<{ ticket_data: { abilities: TicketAbilities } }>(
      "/api/tickets/submit-ticket-complete",
      { ticket_id: ticket.id, action: "CLOSED", excuse: "Done" },
    );
    expect(closed.body.ticket_data.abilities).toMatchObject({ act: false, edit: true, reopen: true });
    // Another employee's view of the same ticket is their own.
    expect(await abilitiesOf("mod", ticket)).toMatchObject({ edit: false, refusals: { edit: "not_ticket_closer" } });
  });

  it("lists carry each caller's own abilities: search results, and a chat list ticket over the socket", async () => {
    const ticket = await ticketOf(SCENARIOS[0]!);
    const search = await w.clients.mod.post<{ tickets: { id: number; abilities: TicketAbilities }[] }>(
      "/api/tickets/fetch-tickets-by-timestamp",
      { createdAt: ticket.created_at },
    );
    expect(search.status).toBe(200);
    const found = search.body.tickets.find((t) => t.id === ticket.id)!;
    expect(found.abilities).toEqual(await abilitiesOf("mod", ticket));

    const socket = w.clients.dev.socket();
    await connected(socket);
    const added = nextEvent<{ ticket: { id: number; abilities: TicketAbilities } }>(socket, "new_active_chat");
    expect((await w.clients.dev.post("/api/add-ticket-to-chat", { ticket_id: ticket.id })).status).toBe(200);
    const pushed = await added;
    expect(pushed.ticket.id).toBe(ticket.id);
    expect(pushed.ticket.abilities).toEqual(await abilitiesOf("dev", ticket));
    socket.close();
  });
});
