/**
 * Category setup (spec/3-staff-administration.md §2.4, §7): create, edit, delete, enable, disable, ticket counts, and what
 * a disabled or deleted category means for players and staff moving tickets.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES } from "../../common/constants.ts";
import type { Category } from "../../common/schemas/setupResponses.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import {
  buildPlayer,
  buildTicketWorld,
  form,
  memberTicketFields,
  type TicketWorld,
  temporaryTicketFields,
} from "../test/playerTickets.ts";
import type { TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { firstMsg, playerClient, rowCount, staffClient } from "../test/setupAdmin.ts";
import { useTestServer } from "../test/useTestServer.ts";

const API = "/api/setup";

describe.each(ENGINES)("category setup on %s", (engine) => {
  let world: TicketWorld;
  let mod: TestClient;
  let admin: TestClient;
  const server = useTestServer(engine);
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
    mod = await staffClient(server, "mod");
    admin = await staffClient(server, "admin");
  });

  const categories = (res: { body: Record<string, unknown> }) => res.body.categories as Category[];
  const byTitle = (list: Category[], title: string) => list.find((c) => c.title === title);

  it("creates a category from a form with one locales entry per language, and answers the list", async () => {
    const body = new URLSearchParams({
      title: "  Lost items ",
      value: "15",
      style: "teal",
      has_violaters_form: "true",
    });
    const texts: Partial<Record<string, string>> = { tr: "Kayıp eşyalar", de: " Verlorene Gegenstände " };
    for (const code of LANGUAGES) body.append("locales", `${code}____${texts[code] ?? ""}`);
    const res = await mod.post(`${API}/submit-new-category`, body);
    expect(res.status).toBe(200);
    expect(byTitle(categories(res), "Lost items")).toEqual({
      id: expect.any(Number),
      title: "Lost items",
      value: 15,
      style: "teal",
      locales: { tr: "Kayıp eşyalar", de: "Verlorene Gegenstände" },
      disabled: false,
      has_violaters_form: true,
    });
    // The answer is the list the public read gives.
    expect(categories(res)).toEqual(categories(await server.client().get(`${API}/fetch-categories`)));
  });

  it("takes a multipart form too", async () => {
    const body = new FormData();
    body.append("title", "Multipart category");
    body.append("value", "7");
    body.append("locales", "fr____Catégorie");
    const res = await mod.post(`${API}/submit-new-category`, body);
    expect(res.status).toBe(200);
    expect(byTitle(categories(res), "Multipart category")?.locales).toEqual({ fr: "Catégorie" });
  });

  it.each([
    [{ title: "", value: 1 }, "Title is required."],
    [{ title: "   ", value: 1 }, "Title is required."],
    [{ title: "x".repeat(101), value: 1 }, "Title can be at most 100 characters."],
    [{ title: "No value" }, "Value is required."],
    [{ title: "No value", value: "" }, "Value is required."],
    [{ title: "Text value", value: "ten" }, "Value must be a number."],
    [{ title: "Fraction", value: "1.5" }, "Value must be a whole number."],
    [{ title: "Huge", value: 10_000_001 }, "Value is out of range."],
    [{ title: "Style", value: 1, style: "url(javascript:alert(1))" }, "Style is not a known colour."],
    [{ title: "Locale", value: 1, locales: ["xx____Foo"] }, 'Unknown language in "xx____Foo": use code____text.'],
    [{ title: "Locale", value: 1, locales: ["tr Foo"] }, 'Unknown language in "tr Foo": use code____text.'],
    [{ title: "Twice", value: 1, locales: ["tr____A", "tr____B"] }, "The language tr is given twice."],
    [
      { title: "Long", value: 1, locales: [`tr____${"y".repeat(101)}`] },
      "A language title can be at most 100 characters.",
    ],
  ])("refuses %j with 422 '%s' and writes nothing", async (body, msg) => {
    const before = await rowCount(server, "categories");
    const res = await mod.post(`${API}/submit-new-category`, body);
    expect(res.status).toBe(422);
    expect(firstMsg(res)).toBe(msg);
    expect(await rowCount(server, "categories")).toBe(before);
  });

  it("refuses a title that a live category has, ignoring case, but not one of a deleted category", async () => {
    await buildCategory(server.store, { title: "Gone again", deleted: 1, deleted_at: 1 });
    const taken = await mod.post(`${API}/submit-new-category`, { title: " REPORT BUGS ", value: 1 });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: "An entry with this title already exists.", code: "setup_title_taken" });
    expect((await mod.post(`${API}/submit-new-category`, { title: "Gone again", value: 1 })).status).toBe(200);
  });

  it("edits a category, keeping its own title allowed, and refuses an unknown or deleted one", async () => {
    const own = await buildCategory(server.store, { title: "Before", value: 3 });
    const res = await mod.post(`${API}/edit-category`, {
      id: own.id,
      title: "before",
      value: 4,
      style: "#ff8800",
      has_violaters_form: "0",
      locales: ["es____Antes"],
    });
    expect(res.status).toBe(200);
    expect(categories(res).find((c) => c.id === own.id)).toMatchObject({
      title: "before",
      value: 4,
      style: "#ff8800",
      locales: { es: "Antes" },
    });
    const clash = await mod.post(`${API}/edit-category`, { id: own.id, title: "Report bugs", value: 4 });
    expect(clash.status).toBe(409);
    expect((await mod.post(`${API}/edit-category`, { id: 2_000_000_000, title: "X", value: 1 })).status).toBe(404);
    const edited = await mod.post(`${API}/edit-category`, { id: world.deletedCategoryId, title: "Revived", value: 1 });
    expect(edited.status).toBe(404);
  });

  it("deletes a category without tickets into the deleted list, and refuses one with tickets (409)", async () => {
    const empty = await buildCategory(server.store, { title: "Unused" });
    const res = await mod.post(`${API}/delete-category`, { id: empty.id });
    expect(res.status).toBe(200);
    expect(categories(res).some((c) => c.id === empty.id)).toBe(false);
    const deleted = (await mod.get(`${API}/fetch-deleted-categories`)).body.deleted_categories as Category[];
    expect(deleted.some((c) => c.id === empty.id)).toBe(true);
    expect((await mod.post(`${API}/delete-category`, { id: empty.id })).status).toBe(404);

    const used = await buildCategory(server.store, { title: "Used" });
    // An ended ticket counts too: old tickets keep their category.
    await buildTicket(server.store, { category_id: used.id, status: "CLOSED" });
    const refused = await mod.post(`${API}/delete-category`, { id: used.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: "This category cannot be deleted while tickets use it.",
      code: "category_in_use",
    });
    const live = categories(await server.client().get(`${API}/fetch-categories`));
    expect(live.some((c) => c.id === used.id)).toBe(true);
  });

  it("counts the tickets of every live category", async () => {
    const counted = await buildCategory(server.store, { title: "Counted" });
    const none = await buildCategory(server.store, { title: "Not counted" });
    await buildTicket(server.store, { category_id: counted.id });
    await buildTicket(server.store, { category_id: counted.id, status: "RESOLVED" });
    const res = await mod.get(`${API}/fetch-category-ticket-numbers`);
    expect(res.status).toBe(200);
    const numbers = res.body.ticket_numbers as Record<string, number>;
    expect(numbers[String(counted.id)]).toBe(2);
    expect(numbers[String(none.id)]).toBe(0);
    expect(numbers).not.toHaveProperty(String(world.deletedCategoryId));
  });

  it("keeps disable and enable for category:disable (admins by default), each idempotent", async () => {
    const target = await buildCategory(server.store, { title: "Toggle me" });
    const refused = await mod.post(`${API}/disable-category`, { id: target.id });
    expect(refused.status).toBe(403);
    expect((await mod.post(`${API}/enable-category`, { id: target.id })).status).toBe(403);
    for (let i = 0; i < 2; i++) {
      const res = await admin.post(`${API}/disable-category`, { id: target.id });
      expect(res.status).toBe(200);
      expect(categories(res).find((c) => c.id === target.id)?.disabled).toBe(true);
    }
    const enabled = await admin.post(`${API}/enable-category`, { id: target.id });
    expect(categories(enabled).find((c) => c.id === target.id)?.disabled).toBe(false);
    expect((await admin.post(`${API}/disable-category`, { id: world.deletedCategoryId })).status).toBe(404);
    // A mod given the permission may do it.
    const trusted = await staffClient(server, "mod", ["setup:view", "category:disable"]);
    expect((await trusted.post(`${API}/disable-category`, { id: target.id })).status).toBe(200);
    await admin.post(`${API}/enable-category`, { id: target.id });
  });

  it("a disabled category takes no new tickets from players, visitors or staff moves, until enabled", async () => {
    const category = await buildCategory(server.store, { title: "Seasonal event" });
    await admin.post(`${API}/disable-category`, { id: category.id });

    const member = await buildPlayer(server.store, world);
    const player = server.client();
    await player.signIn(member.email, FACTORY_PASSWORD);
    const fields = memberTicketFields(world, { category: category.id });
    const refused = await player.post("/api/tickets/submit-member-ticket", form(fields));
    expect(refused.status).toBe(422);
    expect(firstMsg(refused)).toBe("This category is disabled.");

    const visitor = await server
      .client()
      .post(
        "/api/tickets/submit-temporary-ticket",
        form(temporaryTicketFields(world, { category: category.id, email: "seasonal@example.test" })),
      );
    expect(visitor.status).toBe(422);
    expect(firstMsg(visitor)).toBe("This category is disabled.");

    const ticket = await buildTicket(server.store, { category_id: world.categoryId, server_id: world.serverId });
    const move = await admin.post("/api/tickets/update-ticket", {
      ticket_id: ticket.id,
      new_category: category.id,
      new_priority: ticket.priority_id,
    });
    expect(move.status).toBe(422);
    expect(firstMsg(move)).toBe("This category is disabled.");
    const assign = await admin.post("/api/tickets/assign-ticket", { ticketId: ticket.id, category: category.id });
    expect(assign.status).toBe(422);

    await admin.post(`${API}/enable-category`, { id: category.id });
    const filed = await player.post("/api/tickets/submit-member-ticket", form(fields));
    expect(filed.status).toBe(200);
    expect((filed.body.ticket as { category: number }).category).toBe(category.id);
  });

  it("refuses every category write to the dev rank, players and anonymous callers, writing nothing", async () => {
    const dev = await staffClient(server, "dev");
    const player = await playerClient(server);
    const anonymous = server.client();
    const target = await buildCategory(server.store, { title: "Untouchable" });
    const calls: [string, Record<string, unknown>][] = [
      ["submit-new-category", { title: "Nope", value: 1 }],
      ["edit-category", { id: target.id, title: "Nope", value: 1 }],
      ["delete-category", { id: target.id }],
      ["disable-category", { id: target.id }],
      ["enable-category", { id: target.id }],
    ];
    const before = await rowCount(server, "categories");
    for (const [path, body] of calls) {
      expect((await dev.post(`${API}/${path}`, body)).status, path).toBe(403);
      expect((await player.post(`${API}/${path}`, body)).status, path).toBe(403);
      expect((await anonymous.post(`${API}/${path}`, body)).status, path).toBe(401);
    }
    // Refused before the body is read: a broken body from a caller without the right is still 403.
    expect((await dev.post(`${API}/submit-new-category`, { title: "" })).status).toBe(403);
    expect((await dev.get(`${API}/fetch-category-ticket-numbers`)).status).toBe(403);
    expect(await rowCount(server, "categories")).toBe(before);
    const row = await server.store.db
      .selectFrom("categories")
      .selectAll()
      .where("id", "=", target.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ title: "Untouchable", deleted: 0, disabled: 0 });
  });

  it("separates create (setup:create) from edit and delete (setup:edit)", async () => {
    const creator = await staffClient(server, "mod", ["setup:view", "setup:create"]);
    const editor = await staffClient(server, "mod", ["setup:view", "setup:edit"]);
    const target = await buildCategory(server.store, { title: "Split rights" });
    expect((await creator.post(`${API}/submit-new-category`, { title: "By creator", value: 1 })).status).toBe(200);
    expect((await creator.post(`${API}/edit-category`, { id: target.id, title: "X", value: 1 })).status).toBe(403);
    expect((await creator.post(`${API}/delete-category`, { id: target.id })).status).toBe(403);
    expect((await editor.post(`${API}/submit-new-category`, { title: "By editor", value: 1 })).status).toBe(403);
    expect((await editor.post(`${API}/edit-category`, { id: target.id, title: "Edited", value: 1 })).status).toBe(200);
    expect((await editor.post(`${API}/delete-category`, { id: target.id })).status).toBe(200);
  });

  it("lets parallel creates of one title through once", async () => {
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        mod.post(`${API}/submit-new-category`, { title: i % 2 ? "Race title" : "RACE TITLE", value: i }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    const rows = await server.store.db.selectFrom("categories").select("title").where("deleted", "=", 0).execute();
    expect(rows.filter((r) => r.title.toLowerCase() === "race title")).toHaveLength(1);
  });

  it("never leaves a ticket in a deleted category when a filing and the delete race", async () => {
    for (let round = 0; round < 8; round++) {
      const category = await buildCategory(server.store, { title: `Racing ${round}` });
      const member = await buildPlayer(server.store, world);
      const player = await openSession(server, server.client(), member);
      const [filed, deleted] = await Promise.all([
        player.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world, { category: category.id }))),
        mod.post(`${API}/delete-category`, { id: category.id }),
      ]);
      expect([filed.status, deleted.status].sort(), `round ${round}`).not.toEqual([200, 200]);
      const row = await server.store.db
        .selectFrom("categories")
        .select("deleted")
        .where("id", "=", category.id)
        .executeTakeFirstOrThrow();
      const tickets = await server.store.db
        .selectFrom("tickets")
        .select("id")
        .where("category_id", "=", category.id)
        .execute();
      expect(row.deleted === 1 && tickets.length > 0, `round ${round}`).toBe(false);
    }
  });
});
