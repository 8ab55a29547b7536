/** Quick replies and fast-action excuses setup (spec/3-staff-administration.md §2.4, §7). */
import { beforeAll, describe, expect, it } from "vitest";
import type { QuickReply } from "../../common/schemas/notes.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory } from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { firstMsg, playerClient, rowCount, staffClient } from "../test/setupAdmin.ts";
import { useTestServer } from "../test/useTestServer.ts";

const API = "/api/setup";

describe.each(ENGINES)("quick replies and excuses setup on %s", (engine) => {
  let mod: TestClient;
  let dev: TestClient;
  let billing: { id: number };
  let bugs: { id: number };
  const server = useTestServer(engine);
  beforeAll(async () => {
    billing = await buildCategory(server.store, { title: "Payment problems" });
    bugs = await buildCategory(server.store, { title: "Report bugs" });
    mod = await staffClient(server, "mod");
    dev = await staffClient(server, "dev");
  });

  const replies = (res: { body: Record<string, unknown> }) => res.body.quick_replies as QuickReply[];
  const offered = async (categoryId: number) =>
    replies(await dev.post(`${API}/fetch-category-quick-replies`, { category: categoryId })).map((r) => r.title);

  it("creates, edits and deletes quick replies, answering the list by title", async () => {
    const created = await mod.post(`${API}/submit-new-quick-reply`, {
      title: " Refund ",
      message: " Refunds take 5 days. ",
    });
    expect(created.status).toBe(200);
    const refund = replies(created).find((r) => r.title === "Refund");
    expect(refund).toEqual({
      id: expect.any(Number),
      title: "Refund",
      message: "Refunds take 5 days.",
      categories: [],
    });
    await mod.post(`${API}/submit-new-quick-reply`, { title: "Apology", message: "Sorry for the wait." });
    // Every staff rank holds quick_response:view by default.
    const list = await dev.post(`${API}/fetch-quick-replies`);
    expect(list.status).toBe(200);
    expect(replies(list).map((r) => r.title)).toEqual(["Apology", "Refund"]);

    const edited = await mod.post(`${API}/edit-quick-reply`, {
      id: refund?.id,
      title: "Refunds",
      message: "Ten days.",
    });
    expect(replies(edited).find((r) => r.id === refund?.id)).toMatchObject({ title: "Refunds", message: "Ten days." });
    expect((await mod.post(`${API}/edit-quick-reply`, { id: refund?.id, title: "apology", message: "x" })).status).toBe(
      409,
    );
    const deleted = await mod.post(`${API}/delete-quick-reply`, { id: refund?.id });
    expect(replies(deleted).map((r) => r.title)).toEqual(["Apology"]);
    expect((await mod.post(`${API}/delete-quick-reply`, { id: refund?.id })).status).toBe(404);
    expect((await mod.post(`${API}/edit-quick-reply`, { id: refund?.id, title: "T", message: "M" })).status).toBe(404);
  });

  it.each([
    [{ message: "m" }, "Title is required."],
    [{ title: " ", message: "m" }, "Title is required."],
    [{ title: "t" }, "Message is required."],
    [{ title: "t", message: "  " }, "Message is required."],
    [{ title: "t", message: "m".repeat(5001) }, "Message can be at most 5000 characters."],
  ])("refuses the reply %j with '%s'", async (body, msg) => {
    const before = await rowCount(server, "quick_replies");
    const res = await mod.post(`${API}/submit-new-quick-reply`, body);
    expect(res.status).toBe(422);
    expect(firstMsg(res)).toBe(msg);
    expect(await rowCount(server, "quick_replies")).toBe(before);
  });

  it("sets a reply's categories from repeated fields, and the ticket page offers it only there", async () => {
    const created = await mod.post(`${API}/submit-new-quick-reply`, { title: "Card declined", message: "Try again." });
    const reply = replies(created).find((r) => r.title === "Card declined");
    // A reply without categories is a general one: offered in every category.
    expect(await offered(bugs.id)).toContain("Card declined");

    const body = new URLSearchParams({ id: String(reply?.id) });
    body.append("categories", String(billing.id));
    body.append("categories", String(billing.id));
    const set = await mod.post(`${API}/add-categories-to-quick-reply`, body);
    expect(set.status).toBe(200);
    expect(replies(set).find((r) => r.id === reply?.id)?.categories).toEqual([billing.id]);
    expect(await offered(billing.id)).toContain("Card declined");
    expect(await offered(bugs.id)).not.toContain("Card declined");

    const both = await mod.post(`${API}/add-categories-to-quick-reply`, {
      id: reply?.id,
      categories: [bugs.id, billing.id],
    });
    expect(replies(both).find((r) => r.id === reply?.id)?.categories).toEqual(
      [billing.id, bugs.id].sort((a, b) => a - b),
    );
    // No categories field at all: back to a general reply.
    const none = await mod.post(`${API}/add-categories-to-quick-reply`, new URLSearchParams({ id: String(reply?.id) }));
    expect(replies(none).find((r) => r.id === reply?.id)?.categories).toEqual([]);
  });

  it("refuses unknown or deleted categories and unknown replies, changing nothing", async () => {
    const created = await mod.post(`${API}/submit-new-quick-reply`, { title: "Linked", message: "m" });
    const reply = replies(created).find((r) => r.title === "Linked");
    await mod.post(`${API}/add-categories-to-quick-reply`, { id: reply?.id, categories: [bugs.id] });
    const gone = await buildCategory(server.store, { title: "Gone", deleted: 1, deleted_at: 1 });
    for (const categories of [[2_000_000_000], [bugs.id, gone.id]]) {
      const res = await mod.post(`${API}/add-categories-to-quick-reply`, { id: reply?.id, categories });
      expect(res.status).toBe(422);
      expect(firstMsg(res)).toMatch(/^This category does not exist: \d+\.$/);
    }
    const unknown = await mod.post(`${API}/add-categories-to-quick-reply`, {
      id: 2_000_000_000,
      categories: [bugs.id],
    });
    expect(unknown.status).toBe(404);
    const links = await server.store.db
      .selectFrom("quick_reply_categories")
      .select("category_id")
      .where("quick_reply_id", "=", reply?.id ?? 0)
      .execute();
    expect(links.map((l) => l.category_id)).toEqual([bugs.id]);
  });

  it("gives each quick reply call its own permission", async () => {
    const reply = replies(await mod.post(`${API}/submit-new-quick-reply`, { title: "Rights", message: "m" })).find(
      (r) => r.title === "Rights",
    );
    const id = reply?.id;
    const viewer = await staffClient(server, "mod", ["quick_response:view"]);
    const creator = await staffClient(server, "mod", ["quick_response:view", "quick_response:create"]);
    const editor = await staffClient(server, "mod", ["quick_response:view", "quick_response:edit"]);
    const linker = await staffClient(server, "mod", ["quick_response:view", "quick_response:set_categories"]);
    const nobody = await staffClient(server, "mod", []);
    const calls = {
      create: ["submit-new-quick-reply", { title: `New ${Math.random()}`, message: "m" }],
      edit: ["edit-quick-reply", { id, title: "Rights", message: "changed" }],
      categories: ["add-categories-to-quick-reply", { id, categories: [bugs.id] }],
      delete: ["delete-quick-reply", { id }],
    } as const;
    const allowed = new Map<TestClient, string[]>([
      [viewer, []],
      [creator, ["create"]],
      [linker, ["categories"]],
      [editor, ["edit", "delete"]],
    ]);
    for (const [client, mayDo] of allowed) {
      for (const [name, [path, body]] of Object.entries(calls)) {
        const status = (await client.post(`${API}/${path}`, body)).status;
        expect(status, `${name} by ${mayDo.join(",") || "viewer"}`).toBe(mayDo.includes(name) ? 200 : 403);
      }
    }
    expect((await nobody.post(`${API}/fetch-quick-replies`)).status).toBe(403);
    expect((await (await playerClient(server)).post(`${API}/fetch-quick-replies`)).status).toBe(403);
    expect((await server.client().post(`${API}/fetch-quick-replies`)).status).toBe(401);
    expect((await dev.post(`${API}/submit-new-quick-reply`, { title: "Dev's", message: "m" })).status).toBe(403);
  });

  // ---- excuses

  const excuses = (res: { body: Record<string, unknown> }) =>
    res.body.fast_action_excuses as { RESOLVED: string[]; CLOSED: string[] };

  it("adds, edits and deletes excuses per action, answering both lists", async () => {
    const added = await mod.post(`${API}/new-fast-action-excuse`, {
      action: "RESOLVED",
      excuse: " Fixed in patch 1.2 ",
    });
    expect(added.status).toBe(200);
    expect(excuses(added).RESOLVED.at(-1)).toBe("Fixed in patch 1.2");
    await mod.post(`${API}/new-fast-action-excuse`, { action: "CLOSED", excuse: "Spam" });
    // The same text under the other action is another excuse.
    expect(
      (await mod.post(`${API}/new-fast-action-excuse`, { action: "CLOSED", excuse: "Fixed in patch 1.2" })).status,
    ).toBe(200);
    const taken = await mod.post(`${API}/new-fast-action-excuse`, { action: "CLOSED", excuse: "SPAM" });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ detail: "This reason is already in the list.", code: "excuse_taken" });

    const edited = await mod.post(`${API}/edit-fast-action-excuse`, {
      action: "CLOSED",
      prev_excuse: "Spam",
      new_excuse: "Spam or advertising",
    });
    expect(edited.status).toBe(200);
    expect(excuses(edited).CLOSED).toContain("Spam or advertising");
    expect(excuses(edited).CLOSED).not.toContain("Spam");
    const missing = await mod.post(`${API}/edit-fast-action-excuse`, {
      action: "CLOSED",
      prev_excuse: "Spam",
      new_excuse: "x",
    });
    expect(missing.status).toBe(404);
    // The staff ticket page reads the same lists.
    const page = await dev.get("/api/tickets/fetch-fast-action-excuses");
    expect(excuses(page)).toEqual(excuses(edited));

    const deleted = await mod.post(`${API}/delete-fast-action-excuse`, {
      action: "CLOSED",
      excuse: "Spam or advertising",
    });
    expect(excuses(deleted).CLOSED).not.toContain("Spam or advertising");
    expect(excuses(deleted).RESOLVED).toContain("Fixed in patch 1.2");
    expect((await mod.post(`${API}/delete-fast-action-excuse`, { action: "CLOSED", excuse: "Spam" })).status).toBe(404);
  });

  it.each([
    ["new-fast-action-excuse", { action: "RESOLVED", excuse: "  " }, "Text is required."],
    ["new-fast-action-excuse", { action: "RESOLVED" }, "Text is required."],
    ["new-fast-action-excuse", { action: "OPEN", excuse: "x" }, "Action must be RESOLVED or CLOSED."],
    ["new-fast-action-excuse", { action: "CLOSED", excuse: "e".repeat(501) }, "Text can be at most 500 characters."],
    ["edit-fast-action-excuse", { action: "CLOSED", prev_excuse: "Spam", new_excuse: "" }, "Text is required."],
  ])("refuses %s %j with '%s'", async (path, body, msg) => {
    const before = await rowCount(server, "fast_action_excuses");
    const res = await mod.post(`${API}/${path}`, body);
    expect(res.status).toBe(422);
    expect(firstMsg(res)).toBe(msg);
    expect(await rowCount(server, "fast_action_excuses")).toBe(before);
  });

  it("keeps excuse writes to setup:create (add) and setup:edit (edit, delete)", async () => {
    await mod.post(`${API}/new-fast-action-excuse`, { action: "RESOLVED", excuse: "Guarded" });
    const creator = await staffClient(server, "mod", ["setup:create"]);
    const editor = await staffClient(server, "mod", ["setup:edit"]);
    expect(
      (await creator.post(`${API}/new-fast-action-excuse`, { action: "RESOLVED", excuse: "By creator" })).status,
    ).toBe(200);
    const edit = { action: "RESOLVED", prev_excuse: "Guarded", new_excuse: "Guarded!" };
    expect((await creator.post(`${API}/edit-fast-action-excuse`, edit)).status).toBe(403);
    expect(
      (await editor.post(`${API}/new-fast-action-excuse`, { action: "RESOLVED", excuse: "By editor" })).status,
    ).toBe(403);
    for (const client of [dev, await playerClient(server)]) {
      expect((await client.post(`${API}/new-fast-action-excuse`, { action: "CLOSED", excuse: "No" })).status).toBe(403);
      expect(
        (await client.post(`${API}/delete-fast-action-excuse`, { action: "RESOLVED", excuse: "Guarded" })).status,
      ).toBe(403);
    }
    expect(
      (await server.client().post(`${API}/delete-fast-action-excuse`, { action: "RESOLVED", excuse: "Guarded" }))
        .status,
    ).toBe(401);
    expect((await editor.post(`${API}/edit-fast-action-excuse`, edit)).status).toBe(200);
    expect(
      (await editor.post(`${API}/delete-fast-action-excuse`, { action: "RESOLVED", excuse: "Guarded!" })).status,
    ).toBe(200);
  });

  it("lets parallel adds of one excuse through once", async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        mod.post(`${API}/new-fast-action-excuse`, { action: "CLOSED", excuse: "Race reason" }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const rows = await server.store.db
      .selectFrom("fast_action_excuses")
      .select("id")
      .where("excuse", "=", "Race reason")
      .execute();
    expect(rows).toHaveLength(1);
  });
});
