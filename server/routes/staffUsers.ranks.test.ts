/**
 * Rank order on the staff list's calls, over real HTTP on both engines: admin > mod > dev. Acting
 * on another employee needs a higher rank than theirs (an admin may act on anyone), whatever
 * users:* permissions the caller holds; and nobody gives a rank above their own. A refusal is 403
 * `target_outranks_you` and leaves the employee as they were.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { PERMISSIONS, type Permission, type StaffRank } from "../../common/permissions.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildServer, buildStaff, buildTicket } from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const NEW_PASSWORD = "N3w-Passw0rd!";
/** Every permission but users:set_admin: everything the staff list offers short of the admin rank. */
const ALL_BUT_SET_ADMIN = PERMISSIONS.filter((p) => p !== "users:set_admin");

interface Target {
  id: number;
  rank: StaffRank;
}

interface Action {
  name: string;
  path: string;
  /** Enable needs a disabled employee. */
  disabled?: boolean;
  body(t: Target): Record<string, unknown>;
}

/** Each action on another employee, with a valid body for it. */
const ACTIONS: Action[] = [
  {
    name: "permissions",
    path: "/api/permissions/change-user-permissions",
    body: (t) => ({ user_id: t.id, rank: t.rank, add_list: [], remove_list: ["faq:view"] }),
  },
  {
    name: "rank",
    path: "/api/permissions/change-user-permissions",
    body: (t) => ({ user_id: t.id, rank: t.rank === "dev" ? "mod" : "dev", add_list: [], remove_list: [] }),
  },
  {
    name: "responsibilities",
    path: "/api/users/change-dev-responsibilities",
    body: (t) => ({ user_id: t.id, categories: [], servers: [] }),
  },
  { name: "disable", path: "/api/users/disable-user-until", body: (t) => ({ id: t.id, date: "indefinite" }) },
  { name: "enable", path: "/api/users/enable-user", disabled: true, body: (t) => ({ id: t.id }) },
  { name: "disperse", path: "/api/users/disperse-user-tickets", body: (t) => ({ id: t.id }) },
  {
    name: "password",
    path: "/api/users/change-password",
    body: (t) => ({ dev_id: t.id, password: NEW_PASSWORD, re_password: NEW_PASSWORD }),
  },
  { name: "delete", path: "/api/users/delete-dev", body: (t) => ({ user_id: t.id }) },
];

describe.each(ENGINES)("rank order of staff changes on %s", (engine) => {
  let categoryId: number;
  let serverId: number;

  const server = useTestServer(engine);
  beforeAll(async () => {
    categoryId = (await buildCategory(server.store)).id;
    serverId = (await buildServer(server.store)).id;
    // Someone to take dispersed tickets, so that a disperse that went through would show.
    await buildStaff(server.store, { rank: "dev", categoryIds: [categoryId], serverIds: [serverId] });
  });

  const db = () => server.store.db;

  async function caller(rank: StaffRank, permissions: readonly Permission[] = ALL_BUT_SET_ADMIN): Promise<TestClient> {
    return openSession(server, server.client(), await buildStaff(server.store, { rank, permissions }));
  }

  /** An employee with responsibilities and an active ticket, so that every action would change them. */
  async function target(rank: StaffRank, disabled = false): Promise<Target> {
    const user = await buildStaff(server.store, {
      rank,
      categoryIds: [categoryId],
      serverIds: [serverId],
      ...(disabled ? { disabledUntil: -1 } : {}),
    });
    await buildTicket(server.store, { assigned_to: user.id, category_id: categoryId, server_id: serverId });
    return { id: user.id, rank };
  }

  /** What the staff list's actions change about an employee. */
  async function snapshot(id: number) {
    const [user, permissions, categories, servers, tickets] = await Promise.all([
      db()
        .selectFrom("users")
        .select(["rank", "disabled", "disabled_until", "deleted", "email", "password_hash", "updated_at"])
        .where("id", "=", id)
        .executeTakeFirstOrThrow(),
      db().selectFrom("user_permissions").select("permission").where("user_id", "=", id).execute(),
      db().selectFrom("user_categories").select("category_id").where("user_id", "=", id).execute(),
      db().selectFrom("user_servers").select("server_id").where("user_id", "=", id).execute(),
      db().selectFrom("tickets").select("id").where("assigned_to", "=", id).execute(),
    ]);
    return {
      user,
      permissions: permissions.map((r) => r.permission).sort(),
      categories: categories.map((r) => r.category_id),
      servers: servers.map((r) => r.server_id),
      tickets: tickets.map((r) => r.id).sort(),
    };
  }

  const aRank = (rank: StaffRank) => (rank === "admin" ? "an admin" : `a ${rank}`);

  /** `action` from `client` on a fresh employee of `rank`: refused, and nothing written. */
  async function expectRefused(client: TestClient, action: Action, rank: StaffRank) {
    const t = await target(rank, action.disabled);
    const before = await snapshot(t.id);
    const res = await client.post(action.path, action.body(t));
    expect(res.status, `${action.name} of ${aRank(rank)}`).toBe(403);
    expect(res.body, `${action.name} of ${aRank(rank)}`).toMatchObject({ code: "target_outranks_you" });
    expect(await snapshot(t.id), `${action.name} of ${aRank(rank)}`).toEqual(before);
  }

  /** `action` from `client` on a fresh employee of `rank`: answered 200, and written. */
  async function expectAllowed(client: TestClient, action: Action, rank: StaffRank) {
    const t = await target(rank, action.disabled);
    const before = await snapshot(t.id);
    const res = await client.post(action.path, action.body(t));
    expect(res.status, `${action.name} of ${aRank(rank)}: ${JSON.stringify(res.body)}`).toBe(200);
    expect(await snapshot(t.id), `${action.name} of ${aRank(rank)}`).not.toEqual(before);
  }

  describe.each(ACTIONS)("$name", (action) => {
    it("a dev holding every users:* permission cannot do it to a mod", async () => {
      await expectRefused(await caller("dev"), action, "mod");
    });

    it("nor to another dev; a mod not to another mod: the same rank is not a higher one", async () => {
      await expectRefused(await caller("dev"), action, "dev");
      await expectRefused(await caller("mod"), action, "mod");
    });

    it("a mod holding users:set_admin cannot do it to an admin", async () => {
      await expectRefused(await caller("mod", PERMISSIONS), action, "admin");
    });

    it("a mod still does it to a dev", async () => {
      await expectAllowed(await caller("mod"), action, "dev");
    });

    it("an admin still does it to a mod, a dev and another admin", async () => {
      const admin = await caller("admin");
      for (const rank of ["mod", "dev", "admin"] as const) await expectAllowed(admin, action, rank);
    });
  });

  it("one's own tickets can still be dispersed; one's own responsibilities stay a self-change", async () => {
    const user = await buildStaff(server.store, {
      rank: "dev",
      permissions: ["users:disperse_tickets", "users:set_categories"],
      categoryIds: [categoryId],
      serverIds: [serverId],
    });
    const client = await openSession(server, server.client(), user);
    await buildTicket(server.store, { assigned_to: user.id, category_id: categoryId, server_id: serverId });
    const disperse = await client.post("/api/users/disperse-user-tickets", { id: user.id });
    expect(disperse.status).toBe(200);
    expect(disperse.body).toMatchObject({ dispersed: 1 });
    // Outside the rank order, but not outside the self rules: only an admin sets their own lists.
    const own = await client.post("/api/users/change-dev-responsibilities", {
      user_id: user.id,
      categories: [categoryId],
      servers: [],
    });
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ code: "cannot_change_self" });
  });

  describe("nobody gives a rank above their own", () => {
    const rankOf = async (id: number) =>
      (await db().selectFrom("users").select("rank").where("id", "=", id).executeTakeFirstOrThrow()).rank;
    const registered = async (email: string) =>
      (await db().selectFrom("users").select("id").where("email", "=", email).execute()).length;

    it("a mod holding users:set_admin cannot promote anyone to admin, nor create one", async () => {
      const mod = await caller("mod", PERMISSIONS);
      const dev = await target("dev");
      const promote = await mod.post("/api/permissions/change-user-permissions", {
        user_id: dev.id,
        rank: "admin",
        add_list: [],
        remove_list: [],
      });
      expect(promote.status).toBe(403);
      expect(promote.body).toMatchObject({ code: "target_outranks_you" });
      expect(await rankOf(dev.id)).toBe("dev");

      const create = await mod.post("/api/users/create-new-user", {
        email: "made-admin@ranks.test",
        user_class: "dev",
        user_rank: "admin",
      });
      expect(create.status).toBe(403);
      expect(create.body).toMatchObject({ code: "target_outranks_you" });
      expect(await registered("made-admin@ranks.test")).toBe(0);
    });

    it("a dev cannot promote to mod, nor create a mod", async () => {
      const dev = await caller("dev");
      const peer = await target("dev");
      const promote = await dev.post("/api/permissions/change-user-permissions", {
        user_id: peer.id,
        rank: "mod",
        add_list: [],
        remove_list: [],
      });
      expect(promote.status).toBe(403);
      expect(promote.body).toMatchObject({ code: "target_outranks_you" });
      expect(await rankOf(peer.id)).toBe("dev");

      const create = await dev.post("/api/users/create-new-user", {
        email: "made-mod@ranks.test",
        user_class: "dev",
        user_rank: "mod",
      });
      expect(create.status).toBe(403);
      expect(create.body).toMatchObject({ code: "target_outranks_you" });
      expect(await registered("made-mod@ranks.test")).toBe(0);

      // Their own rank, and a player, they may still create.
      for (const [email, body] of [
        ["made-dev@ranks.test", { user_class: "dev", user_rank: "dev" }],
        ["made-player@ranks.test", { user_class: "user" }],
      ] as const) {
        const res = await dev.post("/api/users/create-new-user", { email, ...body });
        expect(res.status, email).toBe(200);
      }
    });

    it("a mod may give a dev the mod rank; an admin may give the admin rank", async () => {
      const mod = await caller("mod");
      const dev = await target("dev");
      const promote = await mod.post("/api/permissions/change-user-permissions", {
        user_id: dev.id,
        rank: "mod",
        add_list: [],
        remove_list: [],
      });
      expect(promote.status).toBe(200);
      expect(await rankOf(dev.id)).toBe("mod");

      const admin = await caller("admin");
      const next = await target("mod");
      const crown = await admin.post("/api/permissions/change-user-permissions", {
        user_id: next.id,
        rank: "admin",
        add_list: [],
        remove_list: [],
      });
      expect(crown.status).toBe(200);
      expect(await rankOf(next.id)).toBe("admin");
      const create = await admin.post("/api/users/create-new-user", {
        email: "new-admin@ranks.test",
        user_class: "dev",
        user_rank: "admin",
      });
      expect(create.status).toBe(200);
    });
  });
});
