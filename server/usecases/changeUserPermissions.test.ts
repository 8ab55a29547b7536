/**
 * changeUserPermissions as a use case, on both engines (spec/3-staff-administration.md §4, §5): the new list is what the
 * employee holds plus the added minus the removed. Each rule a test: who may change whom, which
 * permissions and ranks an editor may give, what is written, and what the employee's open pages
 * learn over a real socket (a rank change signs them out, a permission change keeps them in).
 */
import { describe, expect, it } from "vitest";
import { PERMISSIONS, type Permission, RANK_DEFAULT_PERMISSIONS, type StaffRank } from "../../common/permissions.ts";
import type { Actor } from "../policies/policy.ts";
import type { InsertedUser } from "../seed/users.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff } from "../test/factories.ts";
import { connected, nextEvent } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { changeUserPermissions } from "./changeUserPermissions.ts";

describe.each(ENGINES)("changeUserPermissions on %s", (engine) => {
  const server = useTestServer(engine);

  const db = () => server.store.db;
  const userRow = (id: number) => db().selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const storedPermissions = async (id: number) =>
    (await db().selectFrom("user_permissions").select("permission").where("user_id", "=", id).execute())
      .map((row) => row.permission)
      .sort();
  const sessionsOf = (id: number) => db().selectFrom("sessions").select("id").where("user_id", "=", id).execute();

  const change = (actor: Actor, userId: number, rank: StaffRank, add: Permission[] = [], remove: Permission[] = []) =>
    changeUserPermissions(server.node.ctx, actor, { userId, rank, add, remove });

  /** Expects the call refused with `code`, and the employee's row and list as they were. */
  async function expectRefused(call: () => Promise<unknown>, target: InsertedUser, code: string) {
    const row = await userRow(target.id);
    const list = await storedPermissions(target.id);
    await expect(call()).rejects.toMatchObject({ code });
    expect(await userRow(target.id)).toEqual(row);
    expect(await storedPermissions(target.id)).toEqual(list);
  }

  /** The employee signed in with a connected socket, as an open staff page is. */
  async function onPage(user: InsertedUser) {
    const socket = (await openSession(server, server.client(), user)).socket();
    await connected(socket);
    return socket;
  }

  describe("what a change writes", () => {
    it("adds and removes permissions, keeps the rank and the session, and tells the open pages", async () => {
      const admin = await buildStaff(server.store, { rank: "admin" });
      const dev = await buildStaff(server.store, { rank: "dev" });
      const page = await onPage(dev);
      const told = nextEvent(page, "permissions_changed");

      const record = await change(admin, dev.id, "dev", ["users:view", "setup:view"], ["faq:view"]);

      const expected = [...RANK_DEFAULT_PERMISSIONS.dev, "users:view", "setup:view"].filter((p) => p !== "faq:view");
      expect(await storedPermissions(dev.id)).toEqual(expected.sort());
      expect(record.user).toEqual(await userRow(dev.id));
      expect(record.user.rank).toBe("dev");
      expect(record.user.updated_at).toBeGreaterThanOrEqual(dev.updated_at);
      expect(await told).toEqual({});
      expect(page.connected).toBe(true);
      expect(await sessionsOf(dev.id)).toHaveLength(1);
    });

    it("a rank change writes the rank and signs the employee out everywhere", async () => {
      const admin = await buildStaff(server.store, { rank: "admin" });
      const dev = await buildStaff(server.store, { rank: "dev" });
      const page = await onPage(dev);
      const closed = nextEvent(page, "disconnect");

      const record = await change(admin, dev.id, "mod", ["users:create"]);

      expect(record.user.rank).toBe("mod");
      expect(await storedPermissions(dev.id)).toEqual([...RANK_DEFAULT_PERMISSIONS.dev, "users:create"].sort());
      await closed;
      expect(page.connected).toBe(false);
      expect(await sessionsOf(dev.id)).toEqual([]);
    });

    it("a change that changes nothing writes nothing and tells nobody", async () => {
      const admin = await buildStaff(server.store, { rank: "admin" });
      const dev = await buildStaff(server.store, { rank: "dev" });
      await db().updateTable("users").set({ updated_at: 1 }).where("id", "=", dev.id).execute();
      const page = await onPage(dev);
      const heard: string[] = [];
      page.onAny((name: string) => heard.push(name));

      // Adding one already held and removing one not held leaves the list as it is.
      const record = await change(admin, dev.id, "dev", ["faq:view"], ["users:delete"]);

      expect(record.user.updated_at).toBe(1);
      expect(await storedPermissions(dev.id)).toEqual([...RANK_DEFAULT_PERMISSIONS.dev].sort());
      // A later event on the same socket arrives; nothing came before it.
      server.node.ctx.realtime.toUser(dev.id, "number_notifications", { unread: 0 });
      await nextEvent(page, "number_notifications");
      expect(heard).toEqual(["number_notifications"]);
    });
  });

  describe("what an editor may give", () => {
    it("only permissions the editor holds, to add or to remove", async () => {
      const editor = await buildStaff(server.store, {
        rank: "mod",
        permissions: ["users:set_permissions", "users:view"],
      });
      const dev = await buildStaff(server.store, { rank: "dev", permissions: ["faq:view"] });

      await expectRefused(() => change(editor, dev.id, "dev", ["setup:view"]), dev, "permission_not_held");
      await expectRefused(() => change(editor, dev.id, "dev", [], ["faq:view"]), dev, "permission_not_held");
      await change(editor, dev.id, "dev", ["users:view"]);
      expect(await storedPermissions(dev.id)).toEqual(["faq:view", "users:view"]);
    });

    it("not the same permission added and removed at once", async () => {
      const admin = await buildStaff(server.store, { rank: "admin" });
      const dev = await buildStaff(server.store, { rank: "dev" });

      await expectRefused(() => change(admin, dev.id, "dev", ["users:view"], ["users:view"]), dev, "validation");
    });

    it("no rank above the editor's own", async () => {
      const mod = await buildStaff(server.store, { rank: "mod", permissions: [...PERMISSIONS] });
      const dev = await buildStaff(server.store, { rank: "dev" });

      // users:set_admin is held, yet a mod still does not make an admin.
      await expectRefused(() => change(mod, dev.id, "admin"), dev, "target_outranks_you");
      expect((await change(mod, dev.id, "mod")).user.rank).toBe("mod");
    });

    it("an admin gives the admin rank and takes it back", async () => {
      const admin = await buildStaff(server.store, { rank: "admin" });
      const dev = await buildStaff(server.store, { rank: "dev" });

      expect((await change(admin, dev.id, "admin")).user.rank).toBe("admin");
      expect((await change(admin, dev.id, "mod")).user.rank).toBe("mod");
    });
  });

  describe("whom an editor may change", () => {
    it("not themselves", async () => {
      const admin = await buildStaff(server.store, { rank: "admin" });

      await expectRefused(() => change(admin, admin.id, "admin", [], ["users:view"]), admin, "cannot_change_self");
    });

    it("only an employee of a lower rank, unless the editor is an admin", async () => {
      const mod = await buildStaff(server.store, {
        rank: "mod",
        permissions: [...RANK_DEFAULT_PERMISSIONS.mod, "users:set_permissions"],
      });
      const otherMod = await buildStaff(server.store, { rank: "mod" });
      const admin = await buildStaff(server.store, { rank: "admin" });

      await expectRefused(() => change(mod, otherMod.id, "mod", [], ["faq:view"]), otherMod, "target_outranks_you");
      await change(admin, otherMod.id, "mod", [], ["faq:view"]);
      expect(await storedPermissions(otherMod.id)).not.toContain("faq:view");
    });

    it("not an admin, for a mod holding users:set_admin", async () => {
      const mod = await buildStaff(server.store, { rank: "mod", permissions: [...PERMISSIONS] });
      const admin = await buildStaff(server.store, { rank: "admin" });

      await expectRefused(() => change(mod, admin.id, "admin", [], ["faq:view"]), admin, "target_outranks_you");
    });

    it("not a player, nor an id that is nobody: not_found", async () => {
      const admin = await buildStaff(server.store, { rank: "admin" });
      const player = await buildMember(server.store);

      await expectRefused(() => change(admin, player.id, "dev"), player, "not_found");
      await expect(change(admin, 987_654_321, "dev")).rejects.toMatchObject({ code: "not_found" });
    });
  });

  describe("the last admin", () => {
    // A database of its own: the rule counts every admin there is.
    const own = useTestServer(engine);

    it("cannot be demoted, even by an admin whose call got in before they were disabled", async () => {
      const only = await buildStaff(own.store, { rank: "admin" });
      const late = await buildStaff(own.store, { rank: "admin", disabledUntil: -1 });
      const before = await own.store.db.selectFrom("users").selectAll().where("id", "=", only.id).execute();

      await expect(
        changeUserPermissions(own.node.ctx, late, { userId: only.id, rank: "mod", add: [], remove: [] }),
      ).rejects.toMatchObject({ code: "last_admin" });

      expect(await own.store.db.selectFrom("users").selectAll().where("id", "=", only.id).execute()).toEqual(before);
    });
  });
});
