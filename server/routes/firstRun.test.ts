/**
 * A new owner's first hour over real HTTP on both engines (docs/decisions/first-start.md): the
 * first admin's generated password is flagged in the session until they choose their own (a
 * password from ADMIN_PASSWORD never is; a set-up link clears it; players never carry the key),
 * and the admins' first-run checklist ticks each item from the server's state, takes its two
 * actions, dismisses itself for good once everything is done, refuses everyone but admins with
 * nothing written, and starts dismissed on an install that was running before.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { decodeIdToken } from "../../common/schemas/auth.ts";
import type { FirstRunChecklist } from "../../common/schemas/firstRun.ts";
import { readSetting, writeSetting } from "../db/appSettings.ts";
import { migrateTo, migrateToLatest } from "../db/migrate.ts";
import { seedBase } from "../seed/base.ts";
import { createTestStore, ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { startTestServer, type TestClient, type TestServer } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { issuePasswordLink } from "../usecases/issuePasswordLink.ts";

const KEY = "first-run-integration-key-0123456789";
const FETCH = "/api/misc/fetch-first-run-checklist";
const CHANGE = "/api/misc/change-first-run-checklist";
const NEW_PASSWORD = "My-Own-Passw0rd!";
const log = () => {};

const sessionUserOf = (body: Record<string, unknown>) => decodeIdToken(body.id_token as string);

describe.each(ENGINES)("the first admin's password and the first-run checklist on %s", (engine) => {
  let server: TestServer;
  let admin: TestClient;
  let adminId: number;
  let generated: string;

  const flag = async (id: number) =>
    (
      await server.store.db
        .selectFrom("users")
        .select("password_generated")
        .where("id", "=", id)
        .executeTakeFirstOrThrow()
    ).password_generated;
  const checklist = async (client: TestClient = admin) => {
    const answer = await client.get<{ checklist: FirstRunChecklist }>(FETCH);
    expect(answer.status).toBe(200);
    return answer.body.checklist;
  };
  const done = (list: FirstRunChecklist) => Object.fromEntries(list.items.map((item) => [item.key, item.done]));

  beforeAll(async () => {
    server = await startTestServer(engine, { INTEGRATION_API_KEY: KEY });
    const seeded = await seedBase(server.store, { log });
    generated = seeded.firstAdmin?.generatedPassword ?? "";
    expect(generated).not.toBe("");
    admin = server.client();
    const login = await admin.signIn("admin@example.com", generated);
    adminId = sessionUserOf(login.body)?.id ?? 0;
  });
  afterAll(async () => {
    await server?.close();
  });

  it("flags the generated password in the session until the admin sets their own", async () => {
    expect(await flag(adminId)).toBe(1);
    expect(sessionUserOf((await admin.get("/auth/pulse-check")).body)?.password_generated).toBe(true);
    // A wrong current password changes nothing.
    const refused = await admin.post("/api/profile/change-profile-password", {
      current_password: "Not-the-passw0rd!",
      password: NEW_PASSWORD,
    });
    expect(refused.status).toBe(422);
    expect(await flag(adminId)).toBe(1);

    const list = await checklist();
    expect(list).toMatchObject({ dismissed: false, integration_key_set: true });
    expect(list.items.map((item) => item.key)).toEqual(["password", "setup", "staff", "game", "test_ticket"]);
    expect(done(list)).toEqual({ password: false, setup: false, staff: false, game: false, test_ticket: false });

    const changed = await admin.post<{ user: { password_generated?: boolean } }>(
      "/api/profile/change-profile-password",
      { current_password: generated, password: NEW_PASSWORD },
    );
    expect(changed.status).toBe(200);
    expect(changed.body.user.password_generated).toBe(false);
    expect(await flag(adminId)).toBe(0);
    expect(sessionUserOf((await admin.get("/auth/pulse-check")).body)?.password_generated).toBe(false);
    expect(done(await checklist()).password).toBe(true);
  });

  it("ticks the categories and servers once either list changes or an admin confirms them", async () => {
    const { db } = server.store;
    expect(done(await checklist()).setup).toBe(false);
    await db.updateTable("servers").set({ title: "Realm of Dawn" }).where("title", "=", "Asia").execute();
    expect(done(await checklist()).setup).toBe(true);
    await db.updateTable("servers").set({ title: "Asia" }).where("title", "=", "Realm of Dawn").execute();
    await db.updateTable("categories").set({ disabled: 1 }).where("title", "=", "Other").execute();
    expect(done(await checklist()).setup).toBe(true);
    await db.updateTable("categories").set({ disabled: 0 }).where("title", "=", "Other").execute();
    expect(done(await checklist()).setup).toBe(false);

    const confirmed = await admin.post<{ checklist: FirstRunChecklist }>(CHANGE, { action: "confirm_setup" });
    expect(confirmed.status).toBe(200);
    expect(done(confirmed.body.checklist).setup).toBe(true);
    const at = await readSetting(db, "first_run_setup_confirmed_at");
    expect(Number(at)).toBeGreaterThan(0);
    // A second confirmation keeps the first moment.
    await admin.post(CHANGE, { action: "confirm_setup" });
    expect(await readSetting(db, "first_run_setup_confirmed_at")).toBe(at);
  });

  it("ticks staff, the game and a first ticket from what exists, then dismisses itself for good", async () => {
    expect(done(await checklist())).toMatchObject({ staff: false, game: false, test_ticket: false });
    await buildStaff(server.store, { rank: "mod" });
    expect(done(await checklist())).toMatchObject({ staff: true, game: false });
    // The game sends a player through the member API.
    const game = await server
      .client()
      .post(
        "/api/integration/upsert-member",
        { email: "first.player@game.test", name: "FirstPlayer", characters: [] },
        { csrf: false, headers: { authorization: `Bearer ${KEY}` } },
      );
    expect(game.status).toBe(200);
    expect(done(await checklist())).toMatchObject({ game: true, test_ticket: false });
    await buildTicket(server.store);
    const last = await checklist();
    expect(last.dismissed).toBe(true);
    expect(Object.values(done(last)).every(Boolean)).toBe(true);
    expect(Number(await readSetting(server.store.db, "first_run_dismissed_at"))).toBeGreaterThan(0);
    // Gone for good, for this admin in another browser and for every other admin, whatever changes.
    await server.store.db.updateTable("tickets").set({ subject: "changed" }).execute();
    const elsewhere = server.client();
    await elsewhere.signIn("admin@example.com", NEW_PASSWORD);
    expect(await checklist(elsewhere)).toEqual({ dismissed: true, items: [], integration_key_set: true });
    const second = await openSession(server, server.client(), await buildStaff(server.store, { rank: "admin" }));
    expect((await checklist(second)).dismissed).toBe(true);
  });

  it("refuses everyone but admins, and a bad action, writing nothing", async () => {
    await writeSetting(server.store.db, "first_run_dismissed_at", "0");
    const dismissedAt = await readSetting(server.store.db, "first_run_dismissed_at");
    const mod = await openSession(server, server.client(), await buildStaff(server.store, { rank: "mod" }));
    const player = await openSession(server, server.client(), await buildMember(server.store));
    for (const client of [mod, player]) {
      expect((await client.get(FETCH)).status).toBe(403);
      expect((await client.post(CHANGE, { action: "dismiss" })).status).toBe(403);
    }
    expect((await server.client().get(FETCH)).status).toBe(401);
    expect((await server.client().post(CHANGE, { action: "dismiss" })).status).toBe(401);
    const bad = await admin.post<{ detail: { msg: string }[] }>(CHANGE, { action: "forget" });
    expect(bad.status).toBe(422);
    expect(bad.body.detail[0]?.msg).toBe("action must be dismiss or confirm_setup");
    expect((await admin.post(CHANGE, {})).status).toBe(422);
    expect(await readSetting(server.store.db, "first_run_dismissed_at")).toBe(dismissedAt);
    // The mod's session carries no flag to prompt with: its password was never generated.
    expect(sessionUserOf((await mod.get("/auth/pulse-check")).body)?.password_generated).toBe(false);
    // A player's session has no such key at all.
    expect(sessionUserOf((await player.get("/auth/pulse-check")).body)).not.toHaveProperty("password_generated");
  });

  it("an admin dismisses it for every admin, and a set-up link clears a generated password's flag", async () => {
    const { db } = server.store;
    await writeSetting(db, "first_run_dismissed_at", "0");
    const other = await buildStaff(server.store, { rank: "admin" });
    await db.updateTable("users").set({ password_generated: 1 }).where("id", "=", other.id).execute();
    const otherClient = await openSession(server, server.client(), other);
    const open = await checklist(otherClient);
    expect(open.dismissed).toBe(false);
    expect(done(open).password).toBe(false);

    const dismissed = await otherClient.post<{ checklist: FirstRunChecklist }>(CHANGE, { action: "dismiss" });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.checklist).toMatchObject({ dismissed: true, items: [] });
    expect((await checklist()).dismissed).toBe(true);

    // npm run admin -- reset-password: the link lets the account choose its own password.
    const link = await issuePasswordLink(db, other.email);
    if (!link.issued) throw new Error("no link issued");
    const set = await server
      .client()
      .post("/auth2/setup-password", { password_token: link.token, new_password: NEW_PASSWORD });
    expect(set.status).toBe(200);
    expect(await flag(other.id)).toBe(0);
  });
});

describe.each(ENGINES)("where the first admin's password comes from, on %s", (engine) => {
  it("a password from ADMIN_PASSWORD is not flagged; an install from before starts dismissed", async () => {
    const fresh = await createTestStore(engine);
    try {
      await seedBase(fresh, { adminPassword: "Chosen-Passw0rd!", log });
      const row = await fresh.db.selectFrom("users").select("password_generated").executeTakeFirstOrThrow();
      expect(row.password_generated).toBe(0);
      expect(await readSetting(fresh.db, "first_run_dismissed_at")).toBe("0");
    } finally {
      await fresh.close();
    }
    const older = await createTestStore(engine, { migrate: false });
    try {
      await migrateTo(older.db as never, engine, "0031_admin_responsibilities");
      // The columns of 0031: the admin an older first start created.
      await sql`INSERT INTO users (class, rank, name, email, password_hash, created_at, updated_at)
        VALUES ('dev', 'admin', 'admin', 'admin@example.com', NULL, 1, 1)`.execute(older.db);
      await migrateToLatest(older.db as never, engine);
      expect(Number(await readSetting(older.db, "first_run_dismissed_at"))).toBeGreaterThan(0);
    } finally {
      await older.close();
    }
  });
});
