/**
 * First-start seed: the configuration a help desk cannot work without and the first admin, who
 * handles every category and server. Every part is written only when its table is still empty (the
 * admin: when no admin exists), so it runs on each start and never overwrites what staff have
 * changed.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { isValidPassword } from "../../common/password.ts";
import { PERMISSIONS, RANK_DEFAULT_PERMISSIONS, STAFF_RANKS } from "../../common/permissions.ts";
import { hashPassword } from "../auth/passwords.ts";
import { APP_SETTING_DEFAULTS } from "../db/appSettings.ts";
import type { DataStore } from "../db/database.ts";
import type { Database } from "../db/schema.ts";
import { freeName, lockStaffNames, nameFromEmail } from "../repositories/staffNames.ts";
import { BASE_CATEGORIES, BASE_EXCUSES, BASE_PRIORITIES, BASE_SERVERS } from "./baseData.ts";
import { lockSeeding } from "./lock.ts";
import { insertUser } from "./users.ts";

export interface SeedBaseOptions {
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  /** Receives the notice that no admin could be created. */
  log: (line: string) => void;
}

export interface SeedBaseResult {
  /** Names of the parts written by this run (empty when everything was already there). */
  seeded: string[];
  /**
   * The admin this run created, with the generated password (absent when it came from
   * ADMIN_PASSWORD). The caller shows it once: it is stored nowhere in clear.
   */
  firstAdmin?: { email: string; generatedPassword?: string };
}

const DEFAULT_ADMIN_EMAIL = "admin@example.com";

export async function seedBase(store: DataStore, options: SeedBaseOptions): Promise<SeedBaseResult> {
  const now = Math.floor(Date.now() / 1000);
  const seeded: string[] = [];
  // Hashing is slow, so it happens before the transaction and only when an admin is missing.
  const admin = (await hasAdmin(store.db)) ? undefined : await adminCredentials(options);

  await store.db.transaction().execute(async (trx) => {
    await lockSeeding(trx, store.engine);
    if (await isEmpty(trx, "categories")) {
      await trx
        .insertInto("categories")
        .values(
          BASE_CATEGORIES.map((category, index) => ({
            title: category.title,
            value: (index + 1) * 10,
            style: category.style,
            locales: JSON.stringify(category.locales),
            has_violaters_form: category.violatersForm ? 1 : 0,
          })),
        )
        .execute();
      seeded.push("categories");
    }
    if (await isEmpty(trx, "priorities")) {
      await trx
        .insertInto("priorities")
        .values(
          BASE_PRIORITIES.map((p, index) => ({
            title: p.title,
            value: index + 1,
            style: p.style,
            is_default: p.isDefault ? 1 : 0,
          })),
        )
        .execute();
      seeded.push("priorities");
    }
    if (await isEmpty(trx, "servers")) {
      await trx
        .insertInto("servers")
        .values(BASE_SERVERS.map((s, index) => ({ title: s.title, value: index + 1, style: s.style })))
        .execute();
      seeded.push("servers");
    }
    if (await isEmpty(trx, "rank_permissions")) {
      const rows = STAFF_RANKS.flatMap((rank) =>
        RANK_DEFAULT_PERMISSIONS[rank].map((permission) => ({ rank, permission })),
      );
      await trx.insertInto("rank_permissions").values(rows).execute();
      seeded.push("rank_permissions");
    }
    if (await isEmpty(trx, "fast_action_excuses")) {
      const rows = (["RESOLVED", "CLOSED"] as const).flatMap((action) =>
        BASE_EXCUSES[action].map((excuse, index) => ({ action, excuse, value: index + 1 })),
      );
      await trx.insertInto("fast_action_excuses").values(rows).execute();
      seeded.push("fast_action_excuses");
    }
    for (const [key, value] of Object.entries(APP_SETTING_DEFAULTS)) {
      const existing = await trx.selectFrom("app_settings").select("key").where("key", "=", key).executeTakeFirst();
      if (existing) continue;
      await trx.insertInto("app_settings").values({ key, value }).execute();
      seeded.push(`app_settings.${key}`);
    }
    // Asked again under the lock: another node may have created the admin meanwhile.
    if (admin && !(await hasAdmin(trx))) {
      const taken = await trx.selectFrom("users").select("id").where("email", "=", admin.email).executeTakeFirst();
      if (taken) {
        options.log(`No admin exists, but ${admin.email} belongs to another user; no admin was created.`);
        return;
      }
      // Staff may exist without an admin: the admin's name must not be one of theirs in any case.
      await lockStaffNames(trx, store.engine);
      const name = await freeName(trx, store.engine, nameFromEmail(admin.email), "staff");
      // Admins handle every category and server: without them the desk's only employee could be
      // given no ticket at all (assignee_not_eligible).
      const categories = await liveIds(trx, "categories");
      const servers = await liveIds(trx, "servers");
      await insertUser(
        trx,
        {
          class: "dev",
          rank: "admin",
          name,
          email: admin.email,
          passwordHash: admin.passwordHash,
          passwordGenerated: admin.generated,
          permissions: PERMISSIONS,
          categoryIds: categories,
          serverIds: servers,
        },
        now,
      );
      seeded.push("admin");
    }
  });

  // Answered after the commit, so the notice never names an account that was rolled back.
  if (seeded.includes("admin") && admin) {
    return {
      seeded,
      firstAdmin: { email: admin.email, ...(admin.generated ? { generatedPassword: admin.password } : {}) },
    };
  }
  return { seeded };
}

async function isEmpty(db: Kysely<Database>, table: keyof Database): Promise<boolean> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.lit(1).as("one"))
    .limit(1)
    .executeTakeFirst();
  return row === undefined;
}

async function liveIds(db: Kysely<Database>, table: "categories" | "servers"): Promise<number[]> {
  const rows = await db.selectFrom(table).select("id").where("deleted", "=", 0).orderBy("id").execute();
  return rows.map((row) => row.id);
}

async function hasAdmin(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("class", "=", "dev")
    .where("rank", "=", "admin")
    .where("deleted", "=", 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

async function adminCredentials(options: SeedBaseOptions) {
  const email = (options.adminEmail ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const password = options.adminPassword ?? generatePassword();
  return { email, password, generated: !options.adminPassword, passwordHash: await hashPassword(password) };
}

/** 24 random base64url characters (144 bits), redrawn until the password rules of spec/1-product-frame.md §5 hold. */
function generatePassword(): string {
  for (;;) {
    const candidate = randomBytes(18).toString("base64url");
    if (isValidPassword(candidate)) return candidate;
  }
}
