/**
 * The staff ticket search on both engines (spec/2-staff-ticket-work.md §2, §7): every filter and mode against a
 * reference written in plain TypeScript, combined filters, every sort key both ways, paging with
 * exact totals, the default and tagged filters, special characters, refusals and validation.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { TICKET_SORT_FIELDS, type TicketSortField } from "../../common/schemas/ticketSearch.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { TicketRow } from "../db/schema.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import {
  buildCategory,
  buildChatMessage,
  buildMember,
  buildPriority,
  buildServer,
  buildStaff,
  buildTempUser,
  buildTicket,
  FACTORY_PASSWORD,
} from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const PAGINATION = "/api/tickets/pagination-search-tickets";
const ADVANCED = "/api/tickets/advanced-search-tickets";
const TAGGED = "/api/fetch-tagged-chats";
const BY_TIMESTAMP = "/api/tickets/fetch-tickets-by-timestamp";

type Answer = {
  tickets: (Record<string, unknown> & { id: number })[];
  users: { id: number; name: string; avatar: string | null }[];
  total_pages: number;
  total_count: number;
};

/** Who filed each ticket, and with which texts (special characters on purpose). */
const PEOPLE = [
  { name: "Alice Smith", email: "alice.smith@example.test", character: "Shadowblade" },
  { name: "bob o'brien", email: "bob_obrien@example.test", character: "O'Reilly" },
  { name: "Zoë Ünal", email: "zoe.unal@example.test", character: "Zoë" },
  { name: "محمد علي", email: "mohamed@example.test", character: "فارس" },
  { name: "100% Carl", email: "carl%100@example.test", character: "Under_Score" },
  { name: 'Dana "the" Brave', email: "dana@example.test", character: "Dana" },
  { name: "Alice Walker", email: "ALICE.WALKER@Example.test", character: "Walker" },
  { name: "王小明", email: "wang@example.test", character: "小明" },
];
const SUBJECTS = [
  "Stuck in the dungeon",
  "Lost my sword",
  "Payment failed: 100% charged",
  "لا أستطيع الدخول",
  "under_score bug",
  'A "quoted" subject',
  "Stuck again",
  "帐户被锁定",
];

describe.each(ENGINES)("staff ticket search on %s", (engine) => {
  let admin: InsertedUser;
  let mod: InsertedUser;
  let dev: InsertedUser;
  let adminClient: TestClient;
  let devClient: TestClient;
  let tickets: TicketRow[] = [];
  /** Ticket id → the texts of its chat messages. */
  const chats = new Map<number, string[]>();
  let ids: { servers: number[]; categories: number[]; priorities: number[] };
  const base = 1_700_000_000;

  const server = useTestServer(engine);
  beforeAll(async () => {
    const store = server.store;
    admin = await buildStaff(store, { rank: "admin", name: "Admin Ada" });
    mod = await buildStaff(store, { rank: "mod", name: "Mod Max" });
    dev = await buildStaff(store, { rank: "dev", name: "Dev Dee" });
    const servers = [(await buildServer(store)).id, (await buildServer(store)).id];
    const categories = [(await buildCategory(store)).id, (await buildCategory(store)).id];
    const priorities = [
      (await buildPriority(store, { title: "Normal", is_default: 1 })).id,
      (await buildPriority(store, { title: "High" })).id,
    ];
    ids = { servers, categories, priorities };
    const statuses = ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED", "RESOLVED", "CLOSED"] as const;
    const assignees = [admin.id, mod.id, null, dev.id, admin.id];
    const now = nowSeconds();
    for (let i = 0; i < 24; i++) {
      const person = PEOPLE[i % PEOPLE.length];
      const member =
        i === 23
          ? await buildTempUser(store, { email: "guest@temp.test" })
          : await buildMember(store, { name: person?.name, email: `${i}.${person?.email}`, characters: [] });
      const ticket = await buildTicket(store, {
        member,
        name: person?.name,
        email: i === 23 ? "guest@temp.test" : `${i}.${person?.email}`,
        character_name: person?.character ?? "",
        // Ticket numbers far in the past for most, a few recent ones for the time windows.
        created_at: i < 20 ? base + i * 1000 : now - (24 - i) * 3600,
        last_updated: i < 20 ? base + ((i * 7919) % 24) * 500 + 50_000 : now - (24 - i) * 60,
        status: statuses[i % statuses.length],
        assigned_to: assignees[i % assignees.length] ?? null,
        server_id: servers[i % 2],
        category_id: categories[Math.floor(i / 2) % 2],
        priority_id: priorities[Math.floor(i / 3) % 2],
        subject: SUBJECTS[i % SUBJECTS.length],
        description: i % 3 === 0 ? "The portal near the castle sends me to the void." : "Nothing special here.",
      });
      tickets.push(ticket);
      const texts = i % 4 === 0 ? ["Hello, any news?", `Reference code XK-${i}9 please`] : ["thanks"];
      for (const message of texts) await buildChatMessage(store, ticket, { message });
      chats.set(ticket.id, texts);
    }
    // A deleted message is not searched.
    await buildChatMessage(store, tickets[1] as TicketRow, { message: "secret phrase zebra", deleted: 1 });
    tickets = await store.db.selectFrom("tickets").selectAll().orderBy("id").execute();
    adminClient = server.client();
    await adminClient.signIn(admin.email, FACTORY_PASSWORD);
    devClient = server.client();
    await devClient.signIn(dev.email, FACTORY_PASSWORD);
  });

  // ---- the reference

  const lower = (s: string) => s.toLowerCase();
  /** Starts-with uses the engine's lower(): SQLite folds ASCII letters only (docs/decisions/search.md). */
  const engineLower = (s: string) => (engine === "sqlite" ? s.replace(/[A-Z]/g, (c) => c.toLowerCase()) : lower(s));
  const contains = (value: string, text: string) =>
    [...text].length < 3 ? engineLower(value).startsWith(engineLower(text)) : lower(value).includes(lower(text));
  const textMatch = (value: string, text: string, mode: number) =>
    mode === 2 ? lower(value) === lower(text) : contains(value, text); // Exact folds Unicode on both
  /**
   * Subject, description and chat message match whole words: every word of the query is a word of
   * the text (the chat: of any of its visible messages). A query in a script written without spaces
   * matches as a substring of one text (docs/decisions/search.md).
   */
  const wordsOf = (s: string) => lower(s).match(/[\p{L}\p{M}\p{N}]+/gu) ?? [];
  const unspaced = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
  const wordMatch = (texts: string[], query: string) => {
    if (unspaced.test(query)) return texts.some((text) => lower(text).includes(lower(query)));
    const words = new Set(texts.flatMap(wordsOf));
    const wanted = wordsOf(query);
    return wanted.length > 0 && wanted.every((word) => words.has(word));
  };

  type Query = Record<string, string | number | boolean>;
  const SORT_COLUMN: Record<TicketSortField, keyof TicketRow> = {
    createdAt: "created_at",
    lastUpdated: "last_updated",
    status: "status",
    priority: "priority_id",
    category: "category_id",
    server: "server_id",
    email: "email",
    name: "name",
    characterName: "character_name",
    assignedTo: "assigned_to",
  };

  /** The ids the search should answer, in order, for a query sent by `caller`. */
  function expected(q: Query, caller: InsertedUser): number[] {
    const now = nowSeconds();
    const mode = (key: string) => Number(q[`${key}_mode`] ?? 1);
    const rows = tickets.filter((t) => {
      if (q.ticket_id !== undefined) {
        const v = String(q.ticket_id);
        if (
          mode("ticket_id") === 2
            ? t.id !== Number(v) && t.created_at !== Number(v)
            : !(String(t.id).startsWith(v) || String(t.created_at).startsWith(v))
        )
          return false;
      }
      if (q.name !== undefined && !textMatch(t.name, String(q.name), mode("name"))) return false;
      if (q.email !== undefined && !textMatch(t.email, String(q.email), mode("email"))) return false;
      if (
        q.character_name !== undefined &&
        !textMatch(t.character_name, String(q.character_name), mode("character_name"))
      )
        return false;
      if (q.server !== undefined && t.server_id !== Number(q.server)) return false;
      if (q.category !== undefined && t.category_id !== Number(q.category)) return false;
      if (q.priority !== undefined && t.priority_id !== Number(q.priority)) return false;
      if (q.status === "ACTIVE" && ["RESOLVED", "CLOSED"].includes(t.status)) return false;
      if (q.status !== undefined && q.status !== "ACTIVE" && t.status !== q.status) return false;
      const employee = q.default === true || q.default === "true" ? caller.id : q.employee;
      if (
        employee !== undefined &&
        (Number(employee) === 0 ? t.assigned_to !== null : t.assigned_to !== Number(employee))
      )
        return false;
      if (q.subject !== undefined && !wordMatch([t.subject], String(q.subject))) return false;
      if (q.description !== undefined && !wordMatch([t.description], String(q.description))) return false;
      if (q.chatMessage !== undefined && !wordMatch(chats.get(t.id) ?? [], String(q.chatMessage))) return false;
      if (q.createdAt !== undefined && Number(q.createdAt) >= 0 && t.created_at < now - Number(q.createdAt))
        return false;
      if (q.lastUpdated !== undefined && Number(q.lastUpdated) >= 0 && t.last_updated < now - Number(q.lastUpdated))
        return false;
      return true;
    });
    const column = SORT_COLUMN[(q.sort_by as TicketSortField | undefined) ?? "lastUpdated"];
    const sign = q.order === "asc" ? 1 : -1;
    const key = (t: TicketRow) => t[column] as string | number | null;
    rows.sort((a, b) => {
      const x = key(a);
      const y = key(b);
      if (x !== y) {
        if (x === null) return -sign;
        if (y === null) return sign;
        return (x < y ? -1 : 1) * sign;
      }
      return (a.id - b.id) * sign;
    });
    return rows.map((t) => t.id);
  }

  async function search(q: Query, client = adminClient, url = PAGINATION): Promise<Answer> {
    const response = await client.post(url, { entries_per_page: 100, ...q });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    return response.body as unknown as Answer;
  }

  /** Sends the query and checks the page against the reference. */
  async function check(q: Query, { url = PAGINATION, client = adminClient, caller = admin, atLeast = 0 } = {}) {
    const answer = await search(q, client, url);
    const want = expected(q, caller);
    expect(answer.tickets.map((t) => t.id)).toEqual(want.slice(0, 100));
    expect(answer.total_count).toBe(want.length);
    expect(want.length, `the query ${JSON.stringify(q)} should find something`).toBeGreaterThanOrEqual(atLeast);
    return answer;
  }

  // ---- the tests

  it("lists every ticket, newest update first, in the staff shape with the page's assignees", async () => {
    const answer = await check({}, { atLeast: 24 });
    expect(answer.total_pages).toBe(1);
    const first = answer.tickets[0] as Record<string, unknown>;
    for (const key of ["ip_origin", "priority", "assignedTo", "resolved_by", "retain_attachments", "fetch_code"]) {
      expect(first).toHaveProperty(key);
    }
    expect(answer.users.map((u) => u.id).sort()).toEqual([admin.id, dev.id, mod.id].sort());
    expect(answer.users.find((u) => u.id === mod.id)).toEqual({ id: mod.id, name: "Mod Max", avatar: null });
  });

  it("filters by ticket id or number, Contains (starts with) and Exact", async () => {
    const t = tickets[5] as TicketRow;
    await check({ ticket_id: t.id, ticket_id_mode: 2 }, { atLeast: 1 });
    await check({ ticket_id: t.created_at, ticket_id_mode: 2 }, { atLeast: 1 });
    await check({ ticket_id: 1, ticket_id_mode: 1 }, { atLeast: 2 });
    await check({ ticket_id: Number(String(t.created_at).slice(0, 7)), ticket_id_mode: 1 }, { atLeast: 1 });
    await check({ ticket_id: 987654, ticket_id_mode: 2 });
    await check({ ticket_id: 2_147_483_647, ticket_id_mode: 1 });
    await check({ ticket_id: 2_147_483_647, ticket_id_mode: 2 });
  });

  it("filters by name, e-mail and character name in both modes", async () => {
    const cases: [string, string, number, number][] = [
      ["name", "alice", 1, 2],
      ["name", "ALICE SMITH", 2, 1],
      ["name", "smith", 1, 1],
      ["name", "Alice", 2, 0],
      ["name", "al", 1, 2], // two characters: starts with
      ["name", "zoë", 1, 1],
      ["name", "ZOË", 1, 1], // Contains folds Unicode case on both engines
      ["name", "üNAL", 1, 1],
      ["name", "ZOË ÜNAL".toLowerCase(), 2, 1],
      ["name", "ZOë Ünal", 2, 1],
      ["name", "محمد", 1, 1],
      ["name", "محمد علي", 2, 1],
      ["name", "王小明", 1, 1],
      ["email", "example.test", 1, 20],
      ["email", "alice.walker@example.test", 1, 1],
      ["email", "6.alice.walker@example.test", 2, 1],
      ["email", "guest@temp.test", 2, 1],
      ["character_name", "blade", 1, 1],
      ["character_name", "shadowblade", 2, 1],
      ["character_name", "فارس", 2, 1],
      ["character_name", "小明", 1, 1],
    ];
    for (const [field, value, mode, atLeast] of cases) {
      await check({ [field]: value, [`${field}_mode`]: mode }, { atLeast });
    }
  });

  it("matches LIKE wildcards, quotes and FTS syntax literally", async () => {
    const cases: [string, string, number][] = [
      ["name", "100%", 1],
      ["name", "0% c", 1],
      ["email", "carl%1", 1],
      ["email", "%", 0],
      ["email", "_", 0],
      ["email", "b_o", 1],
      ["email", "a%e", 0],
      ["character_name", "under_", 1],
      ["character_name", "r_s", 1],
      ["name", "o'brien", 1],
      ["character_name", "O'R", 1],
      ["name", '"the"', 1],
      ["name", '"', 0],
      ["name", "the OR x", 0],
      ["name", "NEAR(a b)", 0],
      ["name", "*ali", 0],
      ["name", "name : alice", 0],
      ["email", "\\", 0],
    ];
    for (const [field, value, atLeast] of cases) {
      await check({ [field]: value, [`${field}_mode`]: 1 }, { atLeast });
      await check({ [field]: value, [`${field}_mode`]: 2 });
    }
  });

  it("filters by server, category, status, ACTIVE, priority and employee (0 = unassigned)", async () => {
    await check({ server: ids.servers[0] as number }, { atLeast: 12 });
    await check({ category: ids.categories[1] as number }, { atLeast: 12 });
    await check({ priority: ids.priorities[1] as number }, { atLeast: 12 });
    for (const status of ["NEW TICKET", "WAITING DEV", "ON HOLD", "REPLIED", "RESOLVED", "CLOSED", "ACTIVE"]) {
      await check({ status }, { atLeast: 4 });
    }
    await check({ employee: mod.id }, { atLeast: 4 });
    await check({ employee: 0 }, { atLeast: 4 });
    await check({ employee: 999_999 });
    // "all", "" and -1 mean no filter.
    const all = await search({ server: "all", category: "", status: "all", priority: -1, employee: "all" });
    expect(all.total_count).toBe(24);
  });

  it("combines filters", async () => {
    await check({ status: "ACTIVE", employee: admin.id, server: ids.servers[0] as number }, { atLeast: 1 });
    await check({ name: "alice", email: "walker", category: ids.categories[0] as number });
    await check(
      { email: "example", email_mode: 1, priority: ids.priorities[0] as number, status: "ACTIVE" },
      { atLeast: 1 },
    );
    await check(
      {
        subject: "stuck",
        description: "portal",
        chatMessage: "news",
        status: "ACTIVE",
        sort_by: "createdAt",
        order: "asc",
      },
      { url: ADVANCED },
    );
  });

  it("applies the default filter (employee = the caller) for every rank", async () => {
    await check({ default: true }, { atLeast: 4 });
    await check({ default: "true", employee: mod.id }, { atLeast: 4 });
    await check({ default: true, status: "ACTIVE" }, { client: devClient, caller: dev, atLeast: 1 });
  });

  it("sorts by every sort key both ways, ties broken by id so that paging is stable", async () => {
    for (const sort_by of TICKET_SORT_FIELDS) {
      for (const order of ["asc", "desc"]) {
        await check({ sort_by, order }, { atLeast: 24 });
      }
    }
  });

  it("pages with exact totals and no ticket twice", async () => {
    for (const sort_by of ["lastUpdated", "status", "assignedTo"] as const) {
      const want = expected({ sort_by, order: "desc" }, admin);
      const seen: number[] = [];
      for (let page = 1; page <= 3; page++) {
        const answer = await search({ sort_by, order: "desc", page, entries_per_page: 10 });
        expect(answer.total_count).toBe(24);
        expect(answer.total_pages).toBe(3);
        seen.push(...answer.tickets.map((t) => t.id));
      }
      expect(seen).toEqual(want);
    }
    const beyond = await search({ page: 9, entries_per_page: 10 });
    expect(beyond).toMatchObject({ tickets: [], total_count: 24, total_pages: 3 });
    const empty = await search({ name: "nobody at all" });
    expect(empty).toMatchObject({ tickets: [], users: [], total_count: 0, total_pages: 1 });
  });

  it("advanced search: subject, description, chat message and time windows", async () => {
    const opts = { url: ADVANCED };
    await check({ subject: "stuck" }, { ...opts, atLeast: 2 });
    await check({ subject: "100%" }, { ...opts, atLeast: 1 });
    await check({ subject: '"quoted"' }, { ...opts, atLeast: 1 });
    await check({ subject: "لا أستطيع" }, { ...opts, atLeast: 1 });
    await check({ subject: "帐户被" }, { ...opts, atLeast: 1 });
    await check({ description: "CASTLE" }, { ...opts, atLeast: 8 });
    await check({ chatMessage: "any news" }, { ...opts, atLeast: 6 });
    await check({ chatMessage: "xk-49" }, { ...opts, atLeast: 1 });
    await check({ chatMessage: "zebra" }, opts); // deleted message
    // Whole words, any order: part of a word finds nothing, the words of two messages find the chat.
    await check({ description: "castl" }, opts);
    await check({ description: "void castle" }, { ...opts, atLeast: 8 });
    await check({ chatMessage: "news reference" }, { ...opts, atLeast: 6 });
    await check({ createdAt: 86_400 }, { ...opts, atLeast: 4 });
    await check({ lastUpdated: 600 }, { ...opts, atLeast: 1 });
    await check({ createdAt: -1, lastUpdated: -1 }, { ...opts, atLeast: 24 });
    // Pagination filters work here too.
    await check({ name: "alice", chatMessage: "news", sort_by: "name", order: "asc" }, opts);
  });

  it("advanced search reads multipart forms", async () => {
    const form = new FormData();
    form.set("subject", "stuck");
    form.set("status", "ACTIVE");
    form.set("entries_per_page", "100");
    const response = await adminClient.post(ADVANCED, form);
    expect(response.status).toBe(200);
    const answer = response.body as unknown as Answer;
    expect(answer.tickets.map((t) => t.id)).toEqual(expected({ subject: "stuck", status: "ACTIVE" }, admin));
  });

  it("tagged: only tickets with a tag notification for the caller", async () => {
    const [t1, t2, t3] = [2, 9, 15].map((i) => tickets[i] as TicketRow) as [TicketRow, TicketRow, TicketRow];
    const now = nowSeconds();
    const note = (userId: number, ticket: TicketRow, type: "tag" | "assignment") =>
      server.store.db
        .insertInto("notifications")
        .values({
          user_id: userId,
          type,
          ticket_id: ticket.id,
          ticket_created_at: ticket.created_at,
          by_user_id: mod.id,
          timestamp: now,
          expires: now + 86_400,
        })
        .execute();
    await note(admin.id, t1, "tag");
    await note(admin.id, t2, "tag");
    await note(admin.id, t2, "tag"); // tagged twice: listed once
    await note(admin.id, t3, "assignment");
    await note(dev.id, t3, "tag");
    const mine = await search({ tagged: true });
    expect(mine.tickets.map((t) => t.id).sort()).toEqual([t1.id, t2.id].sort());
    expect(mine.total_count).toBe(2);
    const devs = await search({ tagged: "true" }, devClient);
    expect(devs.tickets.map((t) => t.id)).toEqual([t3.id]);

    const tagged = await adminClient.post(TAGGED, { entries_per_page: 10, current_page: 1, tagged: true });
    expect(tagged.status).toBe(200);
    expect((tagged.body.tickets as { id: number }[]).map((t) => t.id).sort()).toEqual([t1.id, t2.id].sort());
    expect(tagged.body).toMatchObject({ total_pages: 1, total_count: 2 });
    const taggedAndMine = await adminClient.post(TAGGED, { tagged: true, default: true });
    const wanted = [t1, t2].filter((t) => t.assigned_to === admin.id).map((t) => t.id);
    expect((taggedAndMine.body.tickets as { id: number }[]).map((t) => t.id).sort()).toEqual(wanted.sort());
  });

  it("fetch-tickets-by-timestamp finds a ticket by its number", async () => {
    const t = tickets[7] as TicketRow;
    const found = await adminClient.post(BY_TIMESTAMP, { createdAt: t.created_at });
    expect(found.status).toBe(200);
    expect(found.body.tickets).toEqual([
      expect.objectContaining({ id: t.id, createdAt: t.created_at, ip_origin: expect.any(String) }),
    ]);
    const none = await devClient.post(BY_TIMESTAMP, new URLSearchParams({ createdAt: "12345" }));
    expect(none.body).toEqual({ tickets: [] });
    expect((await adminClient.post(BY_TIMESTAMP, { createdAt: "soon" })).status).toBe(422);
  });

  it("follows edits: the text indexes change with the rows, status updates leave them alone", async () => {
    const store = server.store;
    const extra = await buildTicket(store, {
      name: "Quentin Blake",
      subject: "Xylophone stuck",
      created_at: base - 5000,
    });
    const message = await buildChatMessage(store, extra, { message: "the quokka ate my sword" });
    const find = async (q: Query) => (await search(q, adminClient, ADVANCED)).tickets.map((t) => t.id);
    expect(await find({ name: "quentin" })).toEqual([extra.id]);
    expect(await find({ chatMessage: "quokka" })).toEqual([extra.id]);

    await store.db
      .updateTable("tickets")
      .set({ name: "Rupert Bear", status: "CLOSED" })
      .where("id", "=", extra.id)
      .execute();
    expect(await find({ name: "quentin" })).toEqual([]);
    expect(await find({ name: "rupert bea" })).toEqual([extra.id]);
    await store.db
      .updateTable("tickets")
      .set({ status: "REPLIED", last_updated: base })
      .where("id", "=", extra.id)
      .execute();
    expect(await find({ subject: "xylophone", status: "REPLIED" })).toEqual([extra.id]);

    await store.db.updateTable("chat_messages").set({ message: "a wombat now" }).where("id", "=", message.id).execute();
    expect(await find({ chatMessage: "quokka" })).toEqual([]);
    expect(await find({ chatMessage: "wombat" })).toEqual([extra.id]);
    await buildChatMessage(store, extra, { message: "and a platypus" });
    expect(await find({ chatMessage: "wombat platypus" })).toEqual([extra.id]);
    await store.db.updateTable("chat_messages").set({ deleted: 1 }).where("id", "=", message.id).execute();
    expect(await find({ chatMessage: "wombat" })).toEqual([]);
    expect(await find({ chatMessage: "platypus" })).toEqual([extra.id]);
    await store.db.updateTable("chat_messages").set({ deleted: 0 }).where("id", "=", message.id).execute();
    expect(await find({ chatMessage: "wombat" })).toEqual([extra.id]);
    await store.db.deleteFrom("chat_messages").where("id", "=", message.id).execute();
    expect(await find({ chatMessage: "wombat" })).toEqual([]);

    await store.db.deleteFrom("tickets").where("id", "=", extra.id).execute();
    expect(await find({ name: "rupert" })).toEqual([]);
  });

  it("refuses players and anonymous callers, on every call", async () => {
    const member = await buildMember(server.store);
    const memberClient = server.client();
    await memberClient.signIn(member.email, FACTORY_PASSWORD);
    const anonymous = server.client();
    for (const url of [PAGINATION, ADVANCED, TAGGED, BY_TIMESTAMP]) {
      const body = { createdAt: 1, email: member.email };
      expect((await anonymous.post(url, body)).status).toBe(401);
      const refused = await memberClient.post(url, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toHaveProperty("detail");
      expect(refused.body).not.toHaveProperty("tickets");
    }
  });

  it("answers 422 with detail for bad input", async () => {
    const bad: [string, Query][] = [
      [PAGINATION, { ticket_id_mode: 3 }],
      [PAGINATION, { name_mode: "x" }],
      [PAGINATION, { status: "OPEN" }],
      [PAGINATION, { sort_by: "password_hash" }],
      [PAGINATION, { order: "sideways" }],
      [PAGINATION, { page: 0 }],
      [PAGINATION, { entries_per_page: 7 }],
      [PAGINATION, { employee: -5 }],
      [PAGINATION, { server: "abc" }],
      [PAGINATION, { ticket_id: "12a" }],
      [PAGINATION, { name: "x".repeat(201) }],
      [ADVANCED, { subject: "ab" }],
      [ADVANCED, { chatMessage: "x" }],
      [ADVANCED, { createdAt: -2 }],
      [TAGGED, { current_page: -1 }],
    ];
    for (const [url, body] of bad) {
      const response = await adminClient.post(url, body);
      expect(response.status, `${url} ${JSON.stringify(body)}`).toBe(422);
      expect(response.body).toHaveProperty("detail");
    }
  });
});
