/**
 * Admins handle every category and server, over real HTTP on both engines: the first admin of a
 * fresh install can be given a ticket at once, a category or server created later goes to every
 * admin (and to nobody else), and the migration gives an existing install's admins what they lack.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { up as giveAdminsEverything } from "../db/migrations/0031_admin_responsibilities.ts";
import { seedBase } from "../seed/base.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildMember, buildServer, buildStaff, buildTicket } from "../test/factories.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const ADMIN_EMAIL = "first-admin@example.test";
const ADMIN_PASSWORD = "F1rst!Adm1n#Pass";

describe.each(ENGINES)("admin responsibilities on %s", (engine) => {
  let firstAdminId: number;

  const server = useTestServer(engine);
  beforeAll(async () => {
    // The first start, as main.ts runs it.
    await seedBase(server.store, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD, log: () => {} });
    const admin = await db()
      .selectFrom("users")
      .select("id")
      .where("email", "=", ADMIN_EMAIL)
      .executeTakeFirstOrThrow();
    firstAdminId = admin.id;
  });

  const db = () => server.store.db;
  const categoriesOf = async (userId: number) =>
    (await db().selectFrom("user_categories").select("category_id").where("user_id", "=", userId).execute())
      .map((r) => r.category_id)
      .sort((a, b) => a - b);
  const serversOf = async (userId: number) =>
    (await db().selectFrom("user_servers").select("server_id").where("user_id", "=", userId).execute())
      .map((r) => r.server_id)
      .sort((a, b) => a - b);
  const liveIds = async (table: "categories" | "servers") =>
    (await db().selectFrom(table).select("id").where("deleted", "=", 0).execute())
      .map((r) => r.id)
      .sort((a, b) => a - b);

  it("the first admin handles every category and server, so a fresh install's ticket can be assigned to them", async () => {
    expect(await categoriesOf(firstAdminId)).toEqual(await liveIds("categories"));
    expect(await serversOf(firstAdminId)).toEqual(await liveIds("servers"));

    const admin = server.client();
    expect((await admin.signIn(ADMIN_EMAIL, ADMIN_PASSWORD)).status).toBe(200);
    const [categoryId, serverId] = [(await liveIds("categories"))[0]!, (await liveIds("servers"))[0]!];
    const ticket = await buildTicket(server.store, {
      member: await buildMember(server.store, { characters: [{ serverId }] }),
      category_id: categoryId,
      server_id: serverId,
    });
    const res = await admin.post("/api/tickets/assign-ticket", {
      ticketId: ticket.id,
      devId: firstAdminId,
      category: categoryId,
    });
    expect(res.status).toBe(200);
    const row = await db().selectFrom("tickets").select("assigned_to").where("id", "=", ticket.id).executeTakeFirst();
    expect(row?.assigned_to).toBe(firstAdminId);
  });

  it("a category or server created on the setup pages goes to every admin, and to nobody else", async () => {
    const otherAdmin = await buildStaff(server.store, { rank: "admin" });
    const mod = await buildStaff(server.store, { rank: "mod" });
    const gone = await buildStaff(server.store, { rank: "admin" });
    await db().updateTable("users").set({ deleted: 1 }).where("id", "=", gone.id).execute();
    const admin = await openSession(server, server.client(), otherAdmin);

    const category = await admin.post("/api/setup/submit-new-category", { title: "Lost pets", value: 99 });
    expect(category.status).toBe(200);
    const server_ = await admin.post("/api/setup/submit-new-server", { title: "Mars 1", value: 99 });
    expect(server_.status).toBe(200);
    const categoryId = (category.body.categories as { id: number; title: string }[]).find(
      (c) => c.title === "Lost pets",
    )!.id;
    const serverId = (server_.body.servers as { id: number; title: string }[]).find((s) => s.title === "Mars 1")!.id;

    for (const id of [firstAdminId, otherAdmin.id]) {
      expect(await categoriesOf(id)).toContain(categoryId);
      expect(await serversOf(id)).toContain(serverId);
    }
    for (const id of [mod.id, gone.id]) {
      expect(await categoriesOf(id)).toEqual([]);
      expect(await serversOf(id)).toEqual([]);
    }
    // A priority level is nobody's responsibility.
    expect((await admin.post("/api/setup/submit-new-priority-level", { title: "Some day", value: 9 })).status).toBe(
      200,
    );
  });

  it("the upgrade gives an existing install's admins every live category and server, keeping what they had", async () => {
    const kept = await buildCategory(server.store);
    const deleted = await buildCategory(server.store, { deleted: 1, deleted_at: 1 });
    const extraServer = await buildServer(server.store);
    const admin = await buildStaff(server.store, { rank: "admin", categoryIds: [kept.id] });
    const mod = await buildStaff(server.store, { rank: "mod", categoryIds: [kept.id] });

    await giveAdminsEverything(db() as never, engine);

    expect(await categoriesOf(admin.id)).toEqual(await liveIds("categories"));
    expect(await categoriesOf(admin.id)).not.toContain(deleted.id);
    expect(await serversOf(admin.id)).toEqual(await liveIds("servers"));
    expect(await serversOf(admin.id)).toContain(extraServer.id);
    expect(await categoriesOf(mod.id)).toEqual([kept.id]);
    expect(await serversOf(mod.id)).toEqual([]);
    // Run again (a second node, a repeated start), it adds nothing twice.
    await giveAdminsEverything(db() as never, engine);
    expect(await categoriesOf(admin.id)).toEqual(await liveIds("categories"));
  });
});
