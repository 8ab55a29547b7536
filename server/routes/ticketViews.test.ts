/**
 * The views above the staff list on both engines (docs/decisions/views.md): fetch-views counts
 * each view for each rank against a reference in plain TypeScript, the search shows the same
 * tickets for a view as its count says, players and anonymous callers are refused, the counts
 * follow a change, and every count is read from an index (migration 0035 for who spoke last). Each
 * employee's list columns are kept with their preferences.
 */
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { ACTIVE_STATUSES, TICKET_STATUSES } from "../../common/constants.ts";
import { TICKET_VIEWS, type TicketView } from "../../common/schemas/ticketSearch.ts";
import { DEFAULT_TICKET_LIST_COLUMNS } from "../../common/ticketListColumns.ts";
import type { TicketRow } from "../db/schema.ts";
import { viewCountsQuery } from "../repositories/ticketViews.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildMember, buildStaff, buildTicket, cloneTicket } from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const VIEWS = "/api/tickets/fetch-views";
const SEARCH = "/api/tickets/pagination-search-tickets";

type ViewsAnswer = { views: { key: TicketView; count: number }[] };
type SearchAnswer = { tickets: { id: number }[]; total_count: number };

const isOpen = (ticket: TicketRow) => ACTIVE_STATUSES.includes(ticket.status);

/** What each view holds for this staff member, written from the definitions of docs/decisions/views.md. */
function reference(tickets: TicketRow[], staffId: number): Record<TicketView, number[]> {
  const open = tickets.filter(isOpen);
  const mine = open.filter((t) => t.assigned_to === staffId);
  return {
    mine: mine.map((t) => t.id),
    unassigned: open.filter((t) => t.assigned_to === null).map((t) => t.id),
    waiting_on_me: mine.filter((t) => t.last_message_from !== "staff").map((t) => t.id),
    all_open: open.map((t) => t.id),
  };
}

const countsOf = (answer: ViewsAnswer) =>
  Object.fromEntries(answer.views.map((v) => [v.key, v.count])) as Record<TicketView, number>;

describe.each(ENGINES)("ticket views on %s", (engine) => {
  const server = useTestServer(engine);
  let staff: Record<"admin" | "mod" | "dev", InsertedUser>;
  const clients = {} as Record<"admin" | "mod" | "dev", TestClient>;

  const allTickets = () => server.store.db.selectFrom("tickets").selectAll().execute();

  beforeAll(async () => {
    const store = server.store;
    staff = {
      admin: await buildStaff(store, { rank: "admin" }),
      mod: await buildStaff(store, { rank: "mod" }),
      dev: await buildStaff(store, { rank: "dev" }),
    };
    const member = await buildMember(store);
    const category = await buildCategory(store);
    const assignees = [staff.admin.id, staff.mod.id, staff.dev.id, null];
    const speakers = ["user", "staff", null] as const;
    // Every status, assignee and last speaker together: 6 × 4 × 3 tickets.
    let i = 0;
    for (const status of TICKET_STATUSES)
      for (const assigned_to of assignees)
        for (const last_message_from of speakers) {
          i++;
          await buildTicket(store, {
            member,
            category_id: category.id,
            server_id: member.characters[0]?.server_id,
            status,
            assigned_to,
            last_message_from,
            created_at: 1_700_000_000 + i,
          });
        }
    for (const rank of ["admin", "mod", "dev"] as const)
      clients[rank] = await openSession(server, server.client(), staff[rank]);
  });

  it("counts each view for each rank as its definition says", async () => {
    const tickets = await allTickets();
    for (const rank of ["admin", "mod", "dev"] as const) {
      const answer = await clients[rank].get<ViewsAnswer>(VIEWS);
      expect(answer.status, rank).toBe(200);
      expect(answer.body.views.map((v) => v.key)).toEqual([...TICKET_VIEWS]);
      const expected = reference(tickets, staff[rank].id);
      expect(countsOf(answer.body), rank).toEqual(
        Object.fromEntries(TICKET_VIEWS.map((view) => [view, expected[view].length])),
      );
      // The fixtures give every view something to count.
      for (const view of TICKET_VIEWS) expect(expected[view].length, `${rank} ${view}`).toBeGreaterThan(0);
    }
  });

  it("lists for a view the very tickets its count counts", async () => {
    const tickets = await allTickets();
    for (const rank of ["admin", "dev"] as const) {
      const expected = reference(tickets, staff[rank].id);
      for (const view of TICKET_VIEWS) {
        const answer = await clients[rank].post<SearchAnswer>(SEARCH, { view, page: 1, entries_per_page: 100 });
        expect(answer.status, `${rank} ${view}`).toBe(200);
        expect(answer.body.total_count, `${rank} ${view}`).toBe(expected[view].length);
        expect(
          answer.body.tickets.map((t) => t.id).sort((a, b) => a - b),
          `${rank} ${view}`,
        ).toEqual([...expected[view]].sort((a, b) => a - b));
      }
    }
  });

  it("lets a view's filters take the place of the body's fields of the same name", async () => {
    const tickets = await allTickets();
    const answer = await clients.dev.post<SearchAnswer>(SEARCH, {
      view: "mine",
      employee: staff.admin.id,
      status: "CLOSED",
      entries_per_page: 100,
    });
    expect(answer.body.total_count).toBe(reference(tickets, staff.dev.id).mine.length);
  });

  it("refuses players and anonymous callers, and an unknown view", async () => {
    const member = await buildMember(server.store);
    const player = await openSession(server, server.client(), member);
    expect((await player.get(VIEWS)).status).toBe(403);
    expect((await server.client().get(VIEWS)).status).toBe(401);
    const unknown = await clients.dev.post<{ detail: unknown }>(SEARCH, { view: "everything" });
    expect(unknown.status).toBe(422);
    expect(unknown.body.detail).toBeTruthy();
  });

  it("follows a ticket taken, answered and closed", async () => {
    const ticket = await buildTicket(server.store, { status: "NEW TICKET", created_at: 1_710_000_000 });
    const before = countsOf((await clients.mod.get<ViewsAnswer>(VIEWS)).body);
    const update = (values: Partial<TicketRow>) =>
      server.store.db.updateTable("tickets").set(values).where("id", "=", ticket.id).execute();

    await update({ assigned_to: staff.mod.id });
    let now = countsOf((await clients.mod.get<ViewsAnswer>(VIEWS)).body);
    expect(now).toEqual({
      ...before,
      mine: before.mine + 1,
      unassigned: before.unassigned - 1,
      waiting_on_me: before.waiting_on_me + 1,
    });

    await update({ last_message_from: "staff", status: "REPLIED" });
    now = countsOf((await clients.mod.get<ViewsAnswer>(VIEWS)).body);
    expect(now).toEqual({ ...before, mine: before.mine + 1, unassigned: before.unassigned - 1 });

    await update({ status: "CLOSED" });
    now = countsOf((await clients.mod.get<ViewsAnswer>(VIEWS)).body);
    expect(now).toEqual({
      ...before,
      unassigned: before.unassigned - 1,
      all_open: before.all_open - 1,
    });
  });

  it("keeps each employee's list columns, from a form that repeats the field, and refuses an unknown one", async () => {
    const save = "/api/profile/save-user-preferences";
    const read = "/api/profile/fetch-user-preferences";
    type Preferences = { user_preferences: { ticket_list_columns: string[] } };
    expect((await clients.mod.get<Preferences>(read)).body.user_preferences.ticket_list_columns).toEqual([
      ...DEFAULT_TICKET_LIST_COLUMNS,
    ]);
    const form = new URLSearchParams([
      ["ticket_list_columns", "status"],
      ["ticket_list_columns", "email"],
      ["ticket_list_columns", "subject"],
    ]);
    const saved = await clients.mod.post<Preferences>(save, form);
    expect(saved.status).toBe(200);
    // In the list's order, whatever the order sent.
    expect(saved.body.user_preferences.ticket_list_columns).toEqual(["subject", "email", "status"]);
    expect((await clients.mod.get<Preferences>(read)).body.user_preferences.ticket_list_columns).toEqual([
      "subject",
      "email",
      "status",
    ]);
    // One field alone arrives as text.
    const one = await clients.mod.post<Preferences>(save, new URLSearchParams([["ticket_list_columns", "member"]]));
    expect(one.body.user_preferences.ticket_list_columns).toEqual(["member"]);
    // Another employee's columns are their own.
    expect((await clients.dev.get<Preferences>(read)).body.user_preferences.ticket_list_columns).toEqual([
      ...DEFAULT_TICKET_LIST_COLUMNS,
    ]);

    const refused = await clients.mod.post<{ detail: unknown }>(save, { ticket_list_columns: ["member", "password"] });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBeTruthy();
    expect((await clients.mod.get<Preferences>(read)).body.user_preferences.ticket_list_columns).toEqual(["member"]);
  });

  it("counts from indexes, not from the table", async () => {
    // Many ended tickets and a few open ones, as a help desk's history is, and fresh statistics.
    const [template] = await allTickets();
    if (!template) throw new Error("no ticket to copy");
    await cloneTicket(server.store, template, 2000, {
      created_at: sql`1600000000 + g`,
      status: sql`'CLOSED'`,
      assigned_to: sql`CASE WHEN g % 3 = 0 THEN NULL ELSE ${sql.lit(staff.dev.id)} END`,
    });
    // This table alone: a bare ANALYZE also visits other test files' schemas, which they may be dropping.
    await sql`ANALYZE tickets`.execute(server.store.db);
    const query = viewCountsQuery(server.store.db, engine, staff.dev.id).compile();
    const explain = engine === "sqlite" ? "EXPLAIN QUERY PLAN" : "EXPLAIN";
    const { rows } = await server.store.db.executeQuery<Record<string, unknown>>({
      ...query,
      sql: `${explain} ${query.sql}`,
    });
    const plan = rows.map((row) => String(row.detail ?? row["QUERY PLAN"]));
    const ticketLines = plan.filter((line) => /\btickets\b/.test(line));
    expect(ticketLines.length).toBeGreaterThanOrEqual(3);
    if (engine === "sqlite") {
      for (const line of ticketLines) expect(line).toMatch(/^SEARCH tickets USING (COVERING )?INDEX /);
    } else {
      // Every count from the open tickets' index, without visiting a row.
      const text = plan.join("\n");
      expect(text).not.toContain("Seq Scan on tickets");
      expect(text.match(/Index Only Scan using tickets_open_waiting on tickets/g)).toHaveLength(3);
    }
  });
});
