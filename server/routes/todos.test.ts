/**
 * The developer to-do board (spec/3-staff-administration.md §2.6, §7 misc) over real HTTP on both engines: one board for
 * all staff, create / mark / delete, blank content refused, players refused, and the Switch
 * shown to the one configured account only.
 */
import os from "node:os";
import { describe, expect, it } from "vitest";
import type { FetchTodosResponse, Todo } from "../../common/schemas/todos.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, FACTORY_PASSWORD } from "../test/factories.ts";
import { useTestServer } from "../test/useTestServer.ts";

const SWITCH_EMAIL = "Lead.Dev@Staff.test";

describe.each(ENGINES)("to-do board on %s", (engine) => {
  const server = useTestServer(engine, { DEV_SWITCH_USER_EMAIL: SWITCH_EMAIL });

  async function signedIn(user: { email: string }) {
    const client = server.client();
    await client.signIn(user.email, FACTORY_PASSWORD);
    return client;
  }
  const staff = async (rank: "admin" | "mod" | "dev" = "dev") => {
    const user = await buildStaff(server.store, { rank });
    return { user, client: await signedIn(user) };
  };
  const todoCount = async () =>
    Number(
      (
        await server.store.db
          .selectFrom("todos")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirst()
      )?.n,
    );

  it("creates, lists, marks and deletes to-dos on one board that every employee shares", async () => {
    const writer = await staff("dev");
    const colleague = await staff("mod");
    const created = await writer.client.post<{ todo: Todo }>("/api/misc/create-todo", {
      field: " web ",
      content: "  Fix the upload button  ",
    });
    expect(created.status).toBe(200);
    const todo = created.body.todo;
    expect(todo).toMatchObject({
      field: "web",
      content: "Fix the upload button",
      done: false,
      author: writer.user.name,
    });
    expect(todo.timestamp).toBeGreaterThan(0);

    const board = await colleague.client.get<FetchTodosResponse>("/api/misc/fetch-todos");
    expect(board.status).toBe(200);
    expect(board.body.active_todos.map((t) => t.id)).toContain(todo.id);
    expect(board.body.done_todos.map((t) => t.id)).not.toContain(todo.id);

    const marked = await colleague.client.post<{ todo: Todo }>("/api/misc/mark-todo", { id: todo.id, done: true });
    expect(marked.body.todo).toMatchObject({ id: todo.id, done: true });
    const after = (await writer.client.get<FetchTodosResponse>("/api/misc/fetch-todos")).body;
    expect(after.done_todos.map((t) => t.id)).toContain(todo.id);
    expect(after.active_todos.map((t) => t.id)).not.toContain(todo.id);
    const back = await writer.client.post<{ todo: Todo }>("/api/misc/mark-todo", { id: todo.id, done: "false" });
    expect(back.body.todo.done).toBe(false);

    const deleted = await colleague.client.post("/api/misc/delete-todo", { id: todo.id });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ id: todo.id });
    const gone = (await writer.client.get<FetchTodosResponse>("/api/misc/fetch-todos")).body;
    expect([...gone.active_todos, ...gone.done_todos].map((t) => t.id)).not.toContain(todo.id);
  });

  it("lists newest first", async () => {
    const me = await staff();
    const first = (await me.client.post<{ todo: Todo }>("/api/misc/create-todo", { content: "older" })).body.todo;
    await server.store.db
      .updateTable("todos")
      .set({ timestamp: first.timestamp - 60 })
      .where("id", "=", first.id)
      .execute();
    const second = (await me.client.post<{ todo: Todo }>("/api/misc/create-todo", { content: "newer" })).body.todo;
    const ids = (await me.client.get<FetchTodosResponse>("/api/misc/fetch-todos")).body.active_todos.map((t) => t.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
  });

  it.each([
    [{ content: "   " }, "The to-do cannot be empty.", "content"],
    [{ content: "" }, "The to-do cannot be empty.", "content"],
    [{ field: "web" }, undefined, "content"],
    [{ content: "x".repeat(1001) }, undefined, "content"],
    [{ content: "ok", field: "f".repeat(51) }, undefined, "field"],
  ])("refuses %j with 422 and stores nothing", async (body, message, field) => {
    const me = await staff();
    const before = await todoCount();
    const answer = await me.client.post("/api/misc/create-todo", body);
    expect(answer.status).toBe(422);
    const [first] = answer.body.detail as { msg: string; loc: string[] }[];
    expect(first?.loc).toEqual(["body", field]);
    if (message) expect(first?.msg).toBe(message);
    expect(await todoCount()).toBe(before);
  });

  it("answers 404 for a to-do that does not exist, and 422 for a bad id or done", async () => {
    const me = await staff();
    expect((await me.client.post("/api/misc/mark-todo", { id: 999_999, done: true })).status).toBe(404);
    expect((await me.client.post("/api/misc/delete-todo", { id: 999_999 })).status).toBe(404);
    expect((await me.client.post("/api/misc/mark-todo", { id: "x", done: true })).status).toBe(422);
    expect((await me.client.post("/api/misc/mark-todo", { id: 1, done: "maybe" })).status).toBe(422);
  });

  it("refuses players (403) and callers without a session (401), changing nothing", async () => {
    const me = await staff();
    const todo = (await me.client.post<{ todo: Todo }>("/api/misc/create-todo", { content: "keep me" })).body.todo;
    const player = await signedIn(await buildMember(server.store));
    const anonymous = server.client();
    const before = await todoCount();
    for (const client of [player, anonymous]) {
      const status = client === player ? 403 : 401;
      expect((await client.get("/api/misc/fetch-todos")).status).toBe(status);
      expect((await client.post("/api/misc/create-todo", { content: "sneaky" })).status).toBe(status);
      expect((await client.post("/api/misc/mark-todo", { id: todo.id, done: true })).status).toBe(status);
      expect((await client.post("/api/misc/delete-todo", { id: todo.id })).status).toBe(status);
    }
    expect(await todoCount()).toBe(before);
    const kept = await server.store.db.selectFrom("todos").selectAll().where("id", "=", todo.id).executeTakeFirst();
    expect(kept?.done).toBe(0);
  });

  it("shows the Switch to the configured account only, whatever the case of its e-mail", async () => {
    const lead = await buildStaff(server.store, { email: SWITCH_EMAIL.toLowerCase() });
    const leadBoard = await (await signedIn(lead)).get<FetchTodosResponse>("/api/misc/fetch-todos");
    expect(leadBoard.body.can_switch).toBe(true);
    const other = await staff("admin");
    expect((await other.client.get<FetchTodosResponse>("/api/misc/fetch-todos")).body.can_switch).toBe(false);
  });
});

describe("DEV_SWITCH_USER_EMAIL", () => {
  const base = { NODE_ENV: "test", DATA_DIR: os.tmpdir() };
  it("is an e-mail address, kept in lower case; unset or empty means nobody", () => {
    expect(loadConfig({ ...base, DEV_SWITCH_USER_EMAIL: SWITCH_EMAIL }).devSwitchUserEmail).toBe("lead.dev@staff.test");
    expect(loadConfig({ ...base, DEV_SWITCH_USER_EMAIL: "" }).devSwitchUserEmail).toBeUndefined();
    expect(loadConfig(base).devSwitchUserEmail).toBeUndefined();
  });
  it("stops the server with a message naming it when it is not an e-mail", () => {
    expect(() => loadConfig({ ...base, DEV_SWITCH_USER_EMAIL: "lead dev" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, DEV_SWITCH_USER_EMAIL: "lead dev" })).toThrow(/DEV_SWITCH_USER_EMAIL/);
  });
});
