/**
 * The base and demo seeds run on both engines, write what the spec needs, and change nothing when
 * run again.
 */
import { verify } from "@node-rs/argon2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LANGUAGES, TICKET_STATUSES } from "../../common/constants.ts";
import { isValidPassword } from "../../common/password.ts";
import { PERMISSIONS, RANK_DEFAULT_PERMISSIONS } from "../../common/permissions.ts";
import { openDatabase } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { seedBase } from "./base.ts";
import { seedDemo } from "./demo.ts";

const DEMO_PASSWORD = "Demo-Password-1!";

async function count(store: TestStore, table: keyof Database): Promise<number> {
  const row = await store.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe.each(ENGINES)("seeds on %s", (engine) => {
  let store: TestStore;
  const lines: string[] = [];
  const log = (line: string) => lines.push(line);

  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(() => store.close());

  it("base seed writes configuration and a first admin with a printed password", async () => {
    const result = await seedBase(store, { log });
    expect(result.seeded).toEqual(
      expect.arrayContaining([
        "categories",
        "priorities",
        "servers",
        "rank_permissions",
        "fast_action_excuses",
        "admin",
      ]),
    );
    expect(await count(store, "categories")).toBe(12);
    expect(await count(store, "priorities")).toBe(4);
    expect(await count(store, "servers")).toBe(4);

    const violaters = await store.db
      .selectFrom("categories")
      .select("title")
      .where("has_violaters_form", "=", 1)
      .orderBy("title")
      .execute();
    expect(violaters.map((c) => c.title)).toEqual([
      "Out-of-game trade",
      "Reporting suspected cheaters or bots",
      "Violating the rules of the chat",
    ]);
    const categories = await store.db.selectFrom("categories").select("locales").execute();
    // Every category carries its name in every language but English, its title.
    for (const c of categories) {
      const locales = JSON.parse(c.locales);
      for (const language of LANGUAGES.filter((l) => l !== "en")) expect(locales[language]).toMatch(/\S/);
    }

    const defaults = await store.db.selectFrom("priorities").select("title").where("is_default", "=", 1).execute();
    expect(defaults).toEqual([{ title: "Normal" }]);

    const setting = await store.db.selectFrom("app_settings").selectAll().orderBy("key").execute();
    expect(setting).toEqual([
      { key: "assign_on_first_reply", value: "0" },
      { key: "first_run_dismissed_at", value: "0" },
      { key: "first_run_setup_confirmed_at", value: "0" },
      { key: "member_active_ticket_cap", value: "3" },
    ]);
    expect(await count(store, "rank_permissions")).toBe(
      PERMISSIONS.length + RANK_DEFAULT_PERMISSIONS.mod.length + RANK_DEFAULT_PERMISSIONS.dev.length,
    );
    const excuses = await store.db.selectFrom("fast_action_excuses").select("action").execute();
    expect(new Set(excuses.map((e) => e.action))).toEqual(new Set(["RESOLVED", "CLOSED"]));

    const admin = await store.db.selectFrom("users").selectAll().where("rank", "=", "admin").executeTakeFirstOrThrow();
    expect(admin).toMatchObject({ class: "dev", email: "admin@example.com", type: "normal", password_generated: 1 });
    expect(result.firstAdmin?.email).toBe("admin@example.com");
    const printed = result.firstAdmin?.generatedPassword ?? "";
    expect(isValidPassword(printed)).toBe(true);
    expect(admin.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verify(admin.password_hash ?? "", printed)).toBe(true);
    const permissions = await store.db
      .selectFrom("user_permissions")
      .select("permission")
      .where("user_id", "=", admin.id)
      .execute();
    expect(permissions.map((p) => p.permission).sort()).toEqual([...PERMISSIONS].sort());
    expect(await count(store, "user_preferences")).toBe(1);
  });

  it("base seed is idempotent and never prints the password again", async () => {
    lines.length = 0;
    const before = await count(store, "categories");
    await store.db.updateTable("app_settings").set({ value: "5" }).execute();
    const result = await seedBase(store, { adminEmail: "other@example.com", adminPassword: "Another-Pass1!", log });
    expect(result.seeded).toEqual([]);
    expect(result.firstAdmin).toBeUndefined();
    expect(lines).toEqual([]);
    expect(await count(store, "categories")).toBe(before);
    expect(await count(store, "users")).toBe(1);
    const setting = await store.db.selectFrom("app_settings").select("value").executeTakeFirstOrThrow();
    expect(setting.value).toBe("5");
  });

  it("demo seed adds staff, players and tickets in every status", async () => {
    const result = await seedDemo(store, { password: DEMO_PASSWORD, log });
    expect(result.seeded).toBe(true);
    // The demo's categories and servers are its game's: the first-run checklist counts them checked.
    const confirmed = await store.db
      .selectFrom("app_settings")
      .select("value")
      .where("key", "=", "first_run_setup_confirmed_at")
      .executeTakeFirstOrThrow();
    expect(Number(confirmed.value)).toBeGreaterThan(0);

    const users = await store.db.selectFrom("users").selectAll().execute();
    const byEmail = new Map(users.map((u) => [u.email, u]));
    expect(byEmail.get("mod@demo.test")).toMatchObject({ class: "dev", rank: "mod" });
    expect(byEmail.get("dev@demo.test")).toMatchObject({ class: "dev", rank: "dev" });
    expect(byEmail.get("admin2@demo.test")).toMatchObject({ class: "dev", rank: "admin" });
    for (let i = 1; i <= 6; i++) {
      expect(byEmail.get(`player${i}@demo.test`)).toMatchObject({ class: "user", type: "normal", rank: "user" });
    }
    const now = Math.floor(Date.now() / 1000);
    const banned = byEmail.get("banned@demo.test");
    expect(banned?.banned).toBe(1);
    expect(banned?.banned_until).toBeGreaterThan(now + 6 * 86_400);
    expect(users.filter((u) => u.type === "temp")).toHaveLength(1);
    expect(await verify(byEmail.get("player1@demo.test")?.password_hash ?? "", DEMO_PASSWORD)).toBe(true);

    const nochar = byEmail.get("nochar@demo.test");
    const nocharCharacters = await store.db
      .selectFrom("characters")
      .select("id")
      .where("user_id", "=", nochar?.id ?? -1)
      .execute();
    expect(nocharCharacters).toHaveLength(0);
    const characterServers = await store.db.selectFrom("characters").select("server_id").distinct().execute();
    expect(characterServers.length).toBeGreaterThanOrEqual(3);

    const tickets = await store.db.selectFrom("tickets").selectAll().execute();
    expect(new Set(tickets.map((t) => t.status))).toEqual(new Set(TICKET_STATUSES));
    expect(new Set(tickets.map((t) => t.server_id)).size).toBe(4);
    expect(new Set(tickets.map((t) => t.assigned_to)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(tickets.map((t) => t.created_at)).size).toBe(tickets.length);
    expect(tickets.filter((t) => t.type === "temp")).toHaveLength(1);

    const completions = await store.db
      .selectFrom("chat_messages")
      .innerJoin("tickets", "tickets.id", "chat_messages.ticket_id")
      .select(["tickets.status", "chat_messages.type"])
      .where("chat_messages.type", "in", ["completion", "member_resolved"])
      .execute();
    expect(completions.map((c) => c.status)).toContain("RESOLVED");
    expect(completions.every((c) => c.status === "RESOLVED" || c.status === "CLOSED")).toBe(true);
    const reads = await store.db.selectFrom("chat_messages").select("read").distinct().execute();
    expect(new Set(reads.map((r) => r.read))).toEqual(new Set([0, 1]));
    expect(await count(store, "notes")).toBeGreaterThan(0);
    expect(await count(store, "ban_logs")).toBe(1);
    expect(await count(store, "notifications")).toBeGreaterThan(0);
    expect(await count(store, "active_chats")).toBeGreaterThan(0);

    const announcements = await store.db.selectFrom("announcements").selectAll().execute();
    expect(announcements.some((a) => a.start_date <= now && (a.end_date === null || a.end_date > now))).toBe(true);
    expect(announcements.some((a) => a.end_date !== null && a.end_date < now)).toBe(true);
    expect(announcements.some((a) => a.start_date > now)).toBe(true);
    expect(await count(store, "employee_announcements")).toBeGreaterThanOrEqual(3);
    const faqs = await store.db.selectFrom("faqs").selectAll().execute();
    expect(faqs.length).toBeGreaterThanOrEqual(7);
    expect(faqs.every((f) => f.title && f.message && f.eng_title && f.eng_message)).toBe(true);
    expect(faqs.some((f) => f.message.includes("https://"))).toBe(true);
    expect(await count(store, "changelogs")).toBeGreaterThanOrEqual(2);
    expect(await count(store, "quick_replies")).toBeGreaterThanOrEqual(2);
  });

  it("demo seed is idempotent", async () => {
    const before = await Promise.all(
      ["users", "tickets", "chat_messages", "faqs"].map((t) => count(store, t as keyof Database)),
    );
    const result = await seedDemo(store, { password: DEMO_PASSWORD, log });
    expect(result.seeded).toBe(false);
    const after = await Promise.all(
      ["users", "tickets", "chat_messages", "faqs"].map((t) => count(store, t as keyof Database)),
    );
    expect(after).toEqual(before);
  });
});

describe.each(ENGINES)("base seed options on %s", (engine) => {
  it("uses the configured admin e-mail and password and answers no password", async () => {
    const store = await createTestStore(engine);
    try {
      const lines: string[] = [];
      const result = await seedBase(store, {
        adminEmail: "Boss@Example.com",
        adminPassword: "Configured-Pass1!",
        log: (l) => lines.push(l),
      });
      const admin = await store.db.selectFrom("users").selectAll().executeTakeFirstOrThrow();
      expect(admin.email).toBe("boss@example.com");
      expect(await verify(admin.password_hash ?? "", "Configured-Pass1!")).toBe(true);
      expect(lines.join("\n")).not.toContain("Configured-Pass1!");
      expect(result.firstAdmin).toEqual({ email: "boss@example.com" });
    } finally {
      await store.close();
    }
  });
});

describe.each(ENGINES)("staff names of the seeds on %s", (engine) => {
  it("gives a demo employee the next free name when the admin goes by its name in another case", async () => {
    const store = await createTestStore(engine);
    try {
      const log = () => {};
      // The first admin is named from ADMIN_EMAIL's local part: here the demo moderator's name.
      await seedBase(store, { adminEmail: "modayse@example.com", adminPassword: "Configured-Pass1!", log });
      expect((await seedDemo(store, { password: DEMO_PASSWORD, log })).seeded).toBe(true);
      const named = await store.db
        .selectFrom("users")
        .select(["email", "name"])
        .where("email", "in", ["modayse@example.com", "mod@demo.test"])
        .orderBy("id")
        .execute();
      expect(named).toEqual([
        { email: "modayse@example.com", name: "modayse" },
        { email: "mod@demo.test", name: "ModAyse2" },
      ]);
    } finally {
      await store.close();
    }
  });
});

describe.runIf(ENGINES.includes("postgres"))("seeds racing on one PostgreSQL database", () => {
  it("two nodes seeding at once create one admin and one set of configuration", async () => {
    const first = await createTestStore("postgres");
    const second = openDatabase(first.openOptions);
    try {
      const log = () => {};
      await Promise.all([seedBase(first, { log }), seedBase(second, { log })]);
      await Promise.all([
        seedDemo(first, { password: DEMO_PASSWORD, log }),
        seedDemo(second, { password: DEMO_PASSWORD, log }),
      ]);
      expect(await count(first, "categories")).toBe(12);
      const admins = await first.db.selectFrom("users").select("id").where("email", "=", "admin@example.com").execute();
      expect(admins).toHaveLength(1);
      const mods = await first.db.selectFrom("users").select("id").where("email", "=", "mod@demo.test").execute();
      expect(mods).toHaveLength(1);
    } finally {
      await second.close();
      await first.close();
    }
  });
});
