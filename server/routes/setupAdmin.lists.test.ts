/** Priority and server setup (spec/3-staff-administration.md §2.4, §7): create, edit, delete, the default priority. */
import { beforeAll, describe, expect, it } from "vitest";
import type { GameServer, PriorityLevel } from "../../common/schemas/setupResponses.ts";
import { ENGINES } from "../test/engines.ts";
import { buildPriority, buildServer, buildTicket } from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { firstMsg, playerClient, rowCount, staffClient } from "../test/setupAdmin.ts";
import { useTestServer } from "../test/useTestServer.ts";

const API = "/api/setup";

describe.each(ENGINES)("priority and server setup on %s", (engine) => {
  let mod: TestClient;
  let admin: TestClient;
  let normal: { id: number };
  const server = useTestServer(engine);
  beforeAll(async () => {
    normal = await buildPriority(server.store, { title: "Normal", value: 2, is_default: 1 });
    await buildPriority(server.store, { title: "Low", value: 1 });
    mod = await staffClient(server, "mod");
    admin = await staffClient(server, "admin");
  });

  const priorities = (res: { body: Record<string, unknown> }) => res.body.priority_levels as PriorityLevel[];
  const servers = (res: { body: Record<string, unknown> }) => res.body.servers as GameServer[];

  it("creates and edits priority levels, answering the list in order", async () => {
    const created = await mod.post(`${API}/submit-new-priority-level`, { title: "Urgent", value: "9", style: "red" });
    expect(created.status).toBe(200);
    const urgent = priorities(created).find((p) => p.title === "Urgent");
    expect(urgent).toEqual({ id: expect.any(Number), title: "Urgent", value: 9, style: "red", default: false });
    expect(priorities(created).map((p) => p.value)).toEqual(
      [...priorities(created).map((p) => p.value)].sort((a, b) => a - b),
    );
    const edited = await mod.post(`${API}/edit-priority-level`, { id: urgent?.id, title: "Critical", value: 10 });
    expect(priorities(edited).find((p) => p.id === urgent?.id)).toMatchObject({
      title: "Critical",
      value: 10,
      style: "",
    });
    expect((await mod.post(`${API}/submit-new-priority-level`, { title: "critical", value: 1 })).status).toBe(409);
  });

  it.each([
    [{ value: 1 }, "Title is required."],
    [{ title: "P", value: "" }, "Value is required."],
    [{ title: "P", value: "high" }, "Value must be a number."],
  ])("refuses the priority %j with '%s'", async (body, msg) => {
    const before = await rowCount(server, "priorities");
    const res = await mod.post(`${API}/submit-new-priority-level`, body);
    expect(res.status).toBe(422);
    expect(firstMsg(res)).toBe(msg);
    expect(await rowCount(server, "priorities")).toBe(before);
  });

  it("never deletes the default priority, and deletes others into the deleted list even when tickets use them", async () => {
    const refused = await mod.post(`${API}/delete-priority-level`, { id: normal.id });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      detail: "The default priority cannot be deleted. Make another priority the default first.",
      code: "default_priority_locked",
    });
    const used = await buildPriority(server.store, { title: "Used priority" });
    await buildTicket(server.store, { priority_id: used.id });
    const res = await mod.post(`${API}/delete-priority-level`, { id: used.id });
    expect(res.status).toBe(200);
    expect(priorities(res).some((p) => p.id === used.id)).toBe(false);
    const deleted = (await mod.get(`${API}/fetch-deleted-priority-levels`)).body
      .deleted_priority_levels as PriorityLevel[];
    expect(deleted.map((p) => p.id)).toContain(used.id);
    expect((await mod.post(`${API}/delete-priority-level`, { id: used.id })).status).toBe(404);
  });

  it("moves the default with priority:set_default only, and new tickets get it", async () => {
    const high = await buildPriority(server.store, { title: "High", value: 3 });
    expect((await mod.post(`${API}/set-default-priority`, { id: high.id })).status).toBe(403);
    const res = await admin.post(`${API}/set-default-priority`, { id: high.id });
    expect(res.status).toBe(200);
    expect(
      priorities(res)
        .filter((p) => p.default)
        .map((p) => p.id),
    ).toEqual([high.id]);
    // The old default may go now; the new one may not.
    expect((await mod.post(`${API}/delete-priority-level`, { id: high.id })).status).toBe(409);
    expect((await admin.post(`${API}/set-default-priority`, { id: 2_000_000_000 })).status).toBe(404);
    await admin.post(`${API}/set-default-priority`, { id: normal.id });
  });

  it("leaves exactly one default when several are chosen at once", async () => {
    const candidates = await Promise.all(
      [1, 2, 3, 4].map((n) => buildPriority(server.store, { title: `Candidate ${n}`, value: 50 + n })),
    );
    const results = await Promise.all(candidates.map((p) => admin.post(`${API}/set-default-priority`, { id: p.id })));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const defaults = await server.store.db.selectFrom("priorities").select("id").where("is_default", "=", 1).execute();
    expect(defaults).toHaveLength(1);
    await admin.post(`${API}/set-default-priority`, { id: normal.id });
  });

  it("creates, edits and deletes servers; deleted ones are listed apart", async () => {
    const created = await mod.post(`${API}/submit-new-server`, { title: "Europe 9", value: 9, style: "#123" });
    expect(created.status).toBe(200);
    const europe = servers(created).find((s) => s.title === "Europe 9");
    expect(europe).toEqual({ id: expect.any(Number), title: "Europe 9", value: 9, style: "#123" });
    expect((await mod.post(`${API}/submit-new-server`, { title: "europe 9", value: 1 })).status).toBe(409);
    const edited = await mod.post(`${API}/edit-server`, { id: europe?.id, title: "Europe 10", value: 10, style: "" });
    expect(servers(edited).find((s) => s.id === europe?.id)).toMatchObject({ title: "Europe 10", style: "" });
    const deleted = await mod.post(`${API}/delete-server`, { id: europe?.id });
    expect(servers(deleted).some((s) => s.id === europe?.id)).toBe(false);
    const apart = (await mod.get(`${API}/fetch-deleted-servers`)).body.servers as GameServer[];
    expect(apart.map((s) => s.id)).toContain(europe?.id);
    expect((await mod.post(`${API}/edit-server`, { id: europe?.id, title: "Back", value: 1 })).status).toBe(404);
    expect((await mod.post(`${API}/delete-server`, { id: europe?.id })).status).toBe(404);
    const invalid = await mod.post(`${API}/submit-new-server`, { title: "S", value: "1e3x" });
    expect(firstMsg(invalid)).toBe("Value must be a number.");
  });

  it("refuses priority and server writes to the dev rank, players and anonymous callers", async () => {
    const dev = await staffClient(server, "dev");
    const player = await playerClient(server);
    const anonymous = server.client();
    const priority = await buildPriority(server.store, { title: "Guarded priority" });
    const gameServer = await buildServer(server.store, { title: "Guarded server" });
    const calls: [string, Record<string, unknown>][] = [
      ["submit-new-priority-level", { title: "Nope", value: 1 }],
      ["edit-priority-level", { id: priority.id, title: "Nope", value: 1 }],
      ["delete-priority-level", { id: priority.id }],
      ["set-default-priority", { id: priority.id }],
      ["submit-new-server", { title: "Nope", value: 1 }],
      ["edit-server", { id: gameServer.id, title: "Nope", value: 1 }],
      ["delete-server", { id: gameServer.id }],
    ];
    const before = [await rowCount(server, "priorities"), await rowCount(server, "servers")];
    for (const [path, body] of calls) {
      expect((await dev.post(`${API}/${path}`, body)).status, path).toBe(403);
      expect((await player.post(`${API}/${path}`, body)).status, path).toBe(403);
      expect((await anonymous.post(`${API}/${path}`, body)).status, path).toBe(401);
    }
    expect([await rowCount(server, "priorities"), await rowCount(server, "servers")]).toEqual(before);
    const rows = await Promise.all([
      server.store.db.selectFrom("priorities").selectAll().where("id", "=", priority.id).executeTakeFirstOrThrow(),
      server.store.db.selectFrom("servers").selectAll().where("id", "=", gameServer.id).executeTakeFirstOrThrow(),
    ]);
    expect(rows.map((r) => [r.title, r.deleted])).toEqual([
      ["Guarded priority", 0],
      ["Guarded server", 0],
    ]);
    expect(rows[0].is_default).toBe(0);
  });
});
