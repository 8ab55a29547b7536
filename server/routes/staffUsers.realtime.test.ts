/**
 * Immediate effect on open sockets (spec/3-staff-administration.md §4): with real socket.io clients on both
 * engines, a permission change reaches every socket of that employee as `permissions_changed`
 * (and no one else's) while the session stays; a rank change, disable, password change or delete
 * closes their sockets at once and a new socket is refused.
 */
import type { Socket } from "socket.io-client";
import { beforeAll, describe, expect, it } from "vitest";
import { ENGINES } from "../test/engines.ts";
import { buildStaff } from "../test/factories.ts";
import { caughtUp, connected, nextEvent, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const NEW_PASSWORD = "N3w-Passw0rd!";

describe.each(ENGINES)("staff user changes reach open sockets on %s", (engine) => {
  let admin: TestClient;

  const server = useTestServer(engine);
  beforeAll(async () => {
    admin = await openSession(server, server.client(), await buildStaff(server.store, { rank: "admin" }));
  });

  /** An employee signed in with two tabs (two sockets). */
  async function employeeWithTabs() {
    const user = await buildStaff(server.store, { rank: "dev" });
    const client = await openSession(server, server.client(), user);
    const tabs = [client.socket(), client.socket()];
    await Promise.all(tabs.map(connected));
    return { user, client, tabs };
  }

  const closedByServer = (socket: Socket) =>
    new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));

  it("a permission change tells every tab of that employee, keeps the session, and tells nobody else", async () => {
    const { user, client, tabs } = await employeeWithTabs();
    const bystander = await employeeWithTabs();
    const heard: unknown[] = [];
    bystander.tabs[0]!.on("permissions_changed", (payload: unknown) => heard.push(payload));
    const events = tabs.map((tab) => nextEvent(tab, "permissions_changed"));
    const res = await admin.post("/api/permissions/change-user-permissions", {
      user_id: user.id,
      rank: "dev",
      add_list: ["users:view"],
      remove_list: [],
    });
    expect(res.status).toBe(200);
    expect(await Promise.all(events)).toEqual([{}, {}]);
    expect(tabs.every((tab) => tab.connected)).toBe(true);
    expect((await client.get("/api/users/fetch-devs?scope=all")).status).toBe(200);
    await caughtUp(bystander.tabs[0]!);
    expect(heard).toEqual([]);
  });

  const ENDING: [string, (id: number) => [string, Record<string, unknown>]][] = [
    [
      "a rank change",
      (id) => ["/api/permissions/change-user-permissions", { user_id: id, rank: "mod", add_list: [], remove_list: [] }],
    ],
    ["a disable", (id) => ["/api/users/disable-user-until", { id, date: "indefinite" }]],
    [
      "a password change",
      (id) => ["/api/users/change-password", { dev_id: id, password: NEW_PASSWORD, re_password: NEW_PASSWORD }],
    ],
    ["a delete", (id) => ["/api/users/delete-dev", { user_id: id }]],
  ];

  for (const [what, call] of ENDING) {
    it(`${what} closes every socket of the employee at once and refuses a new one`, async () => {
      const { user, client, tabs } = await employeeWithTabs();
      const closed = tabs.map(closedByServer);
      const [path, body] = call(user.id);
      const res = await admin.post(path, body);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await Promise.all(closed)).toEqual(["io server disconnect", "io server disconnect"]);
      await expect(connected(client.socket())).rejects.toThrow("not_authenticated");
      expect((await client.get("/auth/pulse-check")).status).toBe(401);
    });
  }
});
