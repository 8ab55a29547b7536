/**
 * The staff player search and profile on both engines (spec/3-staff-administration.md §2.3, §3, §7): every filter and mode
 * against a reference written in plain TypeScript, the banned filter, Default, every sort key both
 * ways, paging with exact totals, the member's counts and tickets, validation and refusals by rank.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ACTIVE_STATUSES, type TicketStatus } from "../../common/constants.ts";
import { MEMBER_SORT_FIELDS, type StaffMember } from "../../common/schemas/playerAdmin.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { TicketRow } from "../db/schema.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import {
  buildMember,
  buildServer,
  buildStaff,
  buildTempUser,
  buildTicket,
  FACTORY_PASSWORD,
} from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const SEARCH = "/api/members/pagination-search-members";
const INFORMATION = "/api/members/get-member-information";

type Answer = { members: StaffMember[]; total_pages: number; total_count: number };
type Query = Record<string, string | number | boolean>;

/** The players, with special characters on purpose; `ban`: banned_until (0 none, -1 forever). */
const PEOPLE: { name: string; email: string; characters: [string, number][]; ban?: "week" | "forever" | "over" }[] = [
  { name: "Alice Smith", email: "alice.smith@example.test", characters: [["Shadowbla", 0]] },
  { name: "bob o'brien", email: "bob_obrien@example.test", characters: [["O'Reilly", 1]], ban: "week" },
  {
    name: "Zoë Ünal",
    email: "zoe.unal@example.test",
    characters: [
      ["Zoë", 0],
      ["Zoë", 1],
    ],
  },
  { name: "محمد علي", email: "mohamed@example.test", characters: [["فارس", 1]], ban: "forever" },
  { name: "100% Carl", email: "carl%100@example.test", characters: [["Under_Sco", 0]] },
  { name: "Alice Walker", email: "alice.walker@example.test", characters: [["Walker", 1]], ban: "over" },
  {
    name: "王小明",
    email: "wang@example.test",
    characters: [
      ["小明", 0],
      ["Walkman", 0],
    ],
  },
  { name: "Dana", email: "dana@example.test", characters: [] },
  { name: "alicia keys", email: "keys@example.test", characters: [["Shadow", 1]], ban: "week" },
];

describe.each(ENGINES)("staff player search and profile on %s", (engine) => {
  let admin: InsertedUser;
  let mod: InsertedUser;
  let dev: InsertedUser;
  let adminClient: TestClient;
  let servers: number[];
  /** The players the search should know, with what the reference needs. */
  let players: {
    user: InsertedUser;
    name: string;
    email: string;
    bannedUntil: number;
    characters: { name: string; serverId: number }[];
  }[] = [];
  let ticketsOf: Map<number, TicketRow[]>;
  let nobodies: { staff: number; temp: number; deleted: number };
  const now = nowSeconds();

  const server = useTestServer(engine);
  beforeAll(async () => {
    const store = server.store;
    admin = await buildStaff(store, { rank: "admin", name: "Alice Admin", email: "alice.admin@example.test" });
    mod = await buildStaff(store, { rank: "mod" });
    dev = await buildStaff(store, { rank: "dev" });
    servers = [(await buildServer(store)).id, (await buildServer(store)).id];
    const until = { week: now + 7 * 86_400, forever: -1, over: now - 60 } as const;
    for (const person of PEOPLE) {
      const characters = person.characters.map(([name, server]) => ({ name, serverId: servers[server] as number }));
      const bannedUntil = person.ban ? until[person.ban] : 0;
      const user = await buildMember(store, {
        name: person.name,
        email: person.email,
        characters: characters.map((c) => ({ name: c.name, serverId: c.serverId, level: 30 })),
        bannedUntil,
      });
      players.push({ user, name: person.name, email: person.email, bannedUntil, characters });
    }
    // Not players: a temporary visitor, staff (named like players), a deleted member.
    const temp = await buildTempUser(store, { email: "alice.temp@example.test" });
    const deleted = await buildMember(store, { name: "Alice Gone", email: "alice.gone@example.test" });
    await store.db.updateTable("users").set({ deleted: 1 }).where("id", "=", deleted.id).execute();
    nobodies = { staff: admin.id, temp: temp.id, deleted: deleted.id };
    // Tickets: Alice Smith has one of every status, Zoë two ended ones, Dana none.
    ticketsOf = new Map();
    const file = async (player: InsertedUser, status: TicketStatus, createdAt: number) => {
      const ticket = await buildTicket(store, { member: player, status, created_at: createdAt });
      ticketsOf.set(player.id, [...(ticketsOf.get(player.id) ?? []), ticket]);
    };
    const alice = players[0]?.user as InsertedUser;
    const statuses: TicketStatus[] = ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED", "RESOLVED", "CLOSED"];
    for (const [i, status] of statuses.entries()) await file(alice, status, 1_700_000_000 + i * 1000);
    await file(players[2]?.user as InsertedUser, "RESOLVED", 1_700_100_000);
    await file(players[2]?.user as InsertedUser, "CLOSED", 1_700_200_000);
    await file(temp, "NEW TICKET", 1_700_300_000);
    adminClient = server.client();
    await adminClient.signIn(admin.email, FACTORY_PASSWORD);
  });

  // ---- the reference

  /** Exact and starts-with use the engine's lower(): SQLite folds ASCII letters only (docs/decisions/search.md). */
  const engineLower = (s: string) =>
    engine === "sqlite" ? s.replace(/[A-Z]/g, (c) => c.toLowerCase()) : s.toLowerCase();
  const contains = (value: string, text: string) =>
    [...text].length < 3
      ? engineLower(value).startsWith(engineLower(text))
      : value.toLowerCase().includes(text.toLowerCase());
  const textMatch = (value: string, text: string, mode: number) =>
    mode === 2 ? engineLower(value) === engineLower(text) : contains(value, text);
  const isBanned = (p: (typeof players)[number]) => p.bannedUntil === -1 || p.bannedUntil > now;

  /** The ids the search should answer, in order. */
  function expected(q: Query): number[] {
    const mode = (key: string) => Number(q[`${key}_mode`] ?? 1);
    const def = q.default === true || q.default === "true";
    const banned = q.banned === undefined || q.banned === "all" ? undefined : q.banned === true || q.banned === "true";
    const rows = players.filter((p) => {
      if (!def) {
        if (q.name !== undefined && !textMatch(p.name, String(q.name), mode("name"))) return false;
        if (q.email !== undefined && !textMatch(p.email, String(q.email), mode("email"))) return false;
        if (q.character_name !== undefined || q.server !== undefined) {
          const found = p.characters.some(
            (c) =>
              (q.character_name === undefined || textMatch(c.name, String(q.character_name), mode("character_name"))) &&
              (q.server === undefined || c.serverId === Number(q.server)),
          );
          if (!found) return false;
        }
      }
      if (banned !== undefined && isBanned(p) !== banned) return false;
      return true;
    });
    const sortBy = (q.sort_by as string | undefined) ?? "id";
    const sign = q.order === "asc" ? 1 : -1;
    const key = (p: (typeof players)[number]) =>
      sortBy === "name" ? p.name : sortBy === "email" ? p.email : sortBy === "banned_until" ? p.bannedUntil : p.user.id;
    rows.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x !== y) return (x < y ? -1 : 1) * sign;
      return (a.user.id - b.user.id) * sign;
    });
    return rows.map((p) => p.user.id);
  }

  async function search(q: Query, client = adminClient): Promise<Answer> {
    const response = await client.post(SEARCH, { entries_per_page: 100, ...q });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as unknown as Answer;
  }

  async function check(q: Query, atLeast = 0): Promise<Answer> {
    const answer = await search(q);
    const want = expected(q);
    expect(
      answer.members.map((m) => m.id),
      JSON.stringify(q),
    ).toEqual(want.slice(0, 100));
    expect(answer.total_count).toBe(want.length);
    expect(want.length, `the query ${JSON.stringify(q)} should find something`).toBeGreaterThanOrEqual(atLeast);
    return answer;
  }

  // ---- the search

  it("lists every player, newest account first, and nobody else (staff, temporary, deleted)", async () => {
    const answer = await check({}, PEOPLE.length);
    expect(answer.total_count).toBe(PEOPLE.length);
    expect(answer.total_pages).toBe(1);
    const ids = answer.members.map((m) => m.id);
    for (const id of Object.values(nobodies)) expect(ids).not.toContain(id);
  });

  it("answers each player in the staff shape: characters with server titles, ban state and counts", async () => {
    const answer = await search({ email: "alice.smith@example.test", email_mode: 2 });
    const alice = players[0] as (typeof players)[number];
    const aliceTickets = ticketsOf.get(alice.user.id) ?? [];
    const active = aliceTickets.filter((t) => ACTIVE_STATUSES.includes(t.status));
    expect(answer.members).toEqual([
      {
        id: alice.user.id,
        name: "Alice Smith",
        email: "alice.smith@example.test",
        banned: false,
        banned_until: 0,
        characters: [
          { characterName: "Shadowbla", characterLevel: 30, server: expect.any(String), server_id: servers[0] },
        ],
        n_active_tickets: 4,
        n_resolved_tickets: 1,
        n_closed_tickets: 1,
        n_tickets: 6,
        longest_active_createdAt: Math.min(...active.map((t) => t.created_at)),
      },
    ]);
    const dana = await search({ name: "Dana", name_mode: 2 });
    expect(dana.members[0]).toMatchObject({
      characters: [],
      n_tickets: 0,
      n_active_tickets: 0,
      longest_active_createdAt: null,
    });
  });

  it("filters by name, e-mail and character name in both modes", async () => {
    const cases: [string, string, number, number][] = [
      ["name", "alice", 1, 2],
      ["name", "ALICE SMITH", 2, 1],
      ["name", "smith", 1, 1],
      ["name", "Alice", 2, 0],
      ["name", "al", 1, 3], // two characters: starts with
      ["name", "zoë", 1, 1],
      ["name", "ZOË", 1, 1], // Contains folds Unicode case on both engines
      ["name", "ZOë Ünal", 2, 1],
      ["name", "محمد", 1, 1],
      ["name", "محمد علي", 2, 1],
      ["name", "王小明", 1, 1],
      ["email", "example.test", 1, PEOPLE.length],
      ["email", "alice.walker@example.test", 2, 1],
      ["email", "ALICE.WALKER@EXAMPLE.TEST", 2, 1],
      ["email", "walker@", 1, 1],
      ["character_name", "shadow", 1, 2],
      ["character_name", "shadow", 2, 1],
      ["character_name", "zoë", 2, 1], // two characters of the player: listed once
      ["character_name", "小明", 1, 1],
      ["character_name", "walk", 1, 2],
    ];
    for (const [field, value, mode, atLeast] of cases) {
      await check({ [field]: value, [`${field}_mode`]: mode }, atLeast);
    }
  });

  it("matches LIKE wildcards, quotes and FTS syntax literally", async () => {
    const cases: [string, string, number][] = [
      ["name", "100%", 1],
      ["name", "0% c", 1],
      ["email", "carl%1", 1],
      ["email", "%", 0],
      ["email", "b_o", 1],
      ["email", "a%e", 0],
      ["character_name", "under_", 1],
      ["character_name", "r_s", 1],
      ["name", "o'brien", 1],
      ["character_name", "O'R", 1],
      ["name", '"', 0],
      ["name", "alice OR bob", 0],
      ["name", "NEAR(a b)", 0],
      ["name", "*ali", 0],
      ["name", "name : alice", 0],
      ["email", "\\", 0],
    ];
    for (const [field, value, atLeast] of cases) {
      await check({ [field]: value, [`${field}_mode`]: 1 }, atLeast);
      await check({ [field]: value, [`${field}_mode`]: 2 });
    }
  });

  it("filters by server (any character there), with a character name: that character on that server", async () => {
    await check({ server: servers[0] as number }, 4);
    await check({ server: servers[1] as number }, 4);
    await check({ server: servers[0] as number, character_name: "Shadow" }, 1);
    await check({ server: servers[1] as number, character_name: "Shadowbla", character_name_mode: 2 });
    await check({ server: 2_147_483_647 });
    // "all", "" and -1 mean every server.
    for (const server of ["all", "", -1]) expect((await search({ server })).total_count).toBe(PEOPLE.length);
  });

  it("filters banned players: a ban that has run out is no ban; the ban's end is 0, -1 or its time", async () => {
    const banned = await check({ banned: true }, 3);
    const until = new Map(banned.members.map((m) => [m.name, m.banned_until]));
    expect(until.get("محمد علي")).toBe(-1);
    expect(until.get("bob o'brien")).toBeGreaterThan(now);
    for (const member of banned.members) expect(member.banned).toBe(true);
    const free = await check({ banned: false }, 5);
    const walker = free.members.find((m) => m.name === "Alice Walker");
    expect(walker).toMatchObject({ banned: false, banned_until: 0 });
    await check({ banned: "all" }, PEOPLE.length);
    await check({ banned: "true", name: "ali" }, 1);
    await check({ banned: true, sort_by: "banned_until", order: "asc" }, 3);
  });

  it("Default leaves out the text and server filters, not the banned one", async () => {
    await check({ default: true, name: "nobody of that name", server: servers[0] as number }, PEOPLE.length);
    await check({ default: "true", email: "zzz", banned: true }, 3);
  });

  it("sorts by every sort key both ways, ties broken by id", async () => {
    for (const sort_by of MEMBER_SORT_FIELDS) {
      for (const order of ["asc", "desc"]) {
        await check({ sort_by, order }, PEOPLE.length);
        await check({ sort_by, order, name: "ali" }, 3);
      }
    }
  });

  it("pages with exact totals and no player twice", async () => {
    // Twelve more players make three pages of 10.
    const more: number[] = [];
    for (let i = 0; i < 12; i++) {
      const user = await buildMember(server.store, {
        name: `Paged Player ${i}`,
        email: `paged${i}@example.test`,
        characters: [],
      });
      players.push({ user, name: user.name, email: user.email, bannedUntil: 0, characters: [] });
      more.push(user.id);
    }
    try {
      for (const sort_by of [undefined, "name", "banned_until"]) {
        const order = { ...(sort_by ? { sort_by } : {}), order: "asc" };
        const seen: number[] = [];
        for (let page = 1; page <= 3; page++) {
          const answer = await search({ ...order, page, entries_per_page: 10 });
          expect(answer).toMatchObject({ total_count: PEOPLE.length + 12, total_pages: 3 });
          seen.push(...answer.members.map((m) => m.id));
        }
        expect(seen).toEqual(expected(order));
      }
      expect(await search({ page: 9, entries_per_page: 10 })).toMatchObject({ members: [], total_pages: 3 });
      expect(await search({ name: "nobody at all" })).toMatchObject({ members: [], total_count: 0, total_pages: 1 });
    } finally {
      await server.store.db.deleteFrom("users").where("id", "in", more).execute();
      players = players.filter((p) => !more.includes(p.user.id));
    }
  });

  it("reads multipart and form-encoded bodies", async () => {
    const form = new FormData();
    form.set("name", "alice");
    form.set("banned", "false");
    form.set("entries_per_page", "25");
    const multipart = await adminClient.post(SEARCH, form);
    expect(multipart.status).toBe(200);
    expect((multipart.body as unknown as Answer).members.map((m) => m.id)).toEqual(
      expected({ name: "alice", banned: false }),
    );
    const encoded = await adminClient.post(
      INFORMATION,
      new URLSearchParams({ member_id: String(players[2]?.user.id) }),
    );
    expect(encoded.status).toBe(200);
  });

  // ---- the profile

  it("answers a player's profile: the counts and the tickets, newest first, in the staff shape", async () => {
    const alice = players[0] as (typeof players)[number];
    const response = await adminClient.post(INFORMATION, { member_id: alice.user.id });
    expect(response.status).toBe(200);
    const body = response.body as { member: StaffMember; tickets: Record<string, unknown>[] };
    const found = (await search({ email: alice.email, email_mode: 2 })).members[0];
    expect(body.member).toEqual(found);
    const want = [...(ticketsOf.get(alice.user.id) ?? [])].sort((a, b) => b.created_at - a.created_at);
    expect(body.tickets.map((t) => t.id)).toEqual(want.map((t) => t.id));
    expect(body.tickets[0]).toMatchObject({
      createdAt: want[0]?.created_at,
      subject: want[0]?.subject,
      status: want[0]?.status,
      category: want[0]?.category_id,
      email: alice.email,
      ip_origin: expect.any(String),
    });
    const banned = (await adminClient.post(INFORMATION, { member_id: players[3]?.user.id })).body as {
      member: StaffMember;
      tickets: unknown[];
    };
    expect(banned.member).toMatchObject({ banned: true, banned_until: -1, n_tickets: 0 });
    expect(banned.tickets).toEqual([]);
  });

  it("answers 404 for anyone who is not a player: staff, a temporary visitor, a deleted account, no account", async () => {
    for (const id of [...Object.values(nobodies), 2_147_483_647]) {
      const response = await adminClient.post(INFORMATION, { member_id: id });
      expect(response.status, String(id)).toBe(404);
      expect(response.body).toMatchObject({ code: "member_not_found" });
    }
  });

  // ---- refusals

  it("refuses bad input with 422 and a detail naming the field", async () => {
    const bad: [string, Query][] = [
      [SEARCH, { name_mode: 3 }],
      [SEARCH, { email_mode: "contains" }],
      [SEARCH, { character_name_mode: 0 }],
      [SEARCH, { entries_per_page: 7 }],
      [SEARCH, { page: 0 }],
      [SEARCH, { page: "two" }],
      [SEARCH, { sort_by: "password_hash" }],
      [SEARCH, { order: "sideways" }],
      [SEARCH, { banned: "maybe" }],
      [SEARCH, { server: "Europe 1" }],
      [SEARCH, { server: 0 }],
      [SEARCH, { name: "x".repeat(201) }],
      [SEARCH, { default: "perhaps" }],
      [INFORMATION, {}],
      [INFORMATION, { member_id: "abc" }],
      [INFORMATION, { member_id: 0 }],
      [INFORMATION, { member_id: 2_147_483_648 }],
    ];
    for (const [url, body] of bad) {
      const response = await adminClient.post(url, body);
      expect(response.status, `${url} ${JSON.stringify(body)}`).toBe(422);
      const detail = (response.body as { detail: { loc: string[]; msg: string }[] }).detail;
      expect(detail[0]?.msg).toBeTruthy();
    }
  });

  it("needs members:view: refuses anonymous callers, players and a rank without it, before reading the body", async () => {
    const anonymous = server.client();
    expect((await anonymous.post(SEARCH, {})).status).toBe(401);
    expect((await anonymous.post(INFORMATION, { member_id: "abc" })).status).toBe(401);
    const player = server.client();
    await player.signIn(players[0]?.user.email as string, FACTORY_PASSWORD);
    expect((await player.post(SEARCH, {})).status).toBe(403);
    expect((await player.post(INFORMATION, { member_id: players[0]?.user.id })).status).toBe(403);

    for (const rank of ["dev", "mod"] as const) {
      const staff = rank === "dev" ? dev : mod;
      const client = server.client();
      await client.signIn(staff.email, FACTORY_PASSWORD);
      expect((await client.post(SEARCH, { name: "alice" })).status, rank).toBe(200);
      expect((await client.post(INFORMATION, { member_id: players[0]?.user.id })).status, rank).toBe(200);
      const without = await buildStaff(server.store, { rank, permissions: ["profile:view", "stats:view"] });
      const refused = server.client();
      await refused.signIn(without.email, FACTORY_PASSWORD);
      for (const [url, body] of [
        [SEARCH, { name: "alice" }],
        [SEARCH, { page: "bad" }],
        [INFORMATION, { member_id: players[0]?.user.id }],
      ] as const) {
        const response = await refused.post(url, body);
        expect(response.status, `${rank} without members:view: ${url}`).toBe(403);
        expect(response.body).toMatchObject({ code: "forbidden" });
      }
    }
    // The admin rank holds every permission, whatever its stored list says.
    const bareAdmin = await buildStaff(server.store, { rank: "admin", permissions: [] });
    const adminWithout = server.client();
    await adminWithout.signIn(bareAdmin.email, FACTORY_PASSWORD);
    expect((await adminWithout.post(SEARCH, {})).status).toBe(200);
  });
});
