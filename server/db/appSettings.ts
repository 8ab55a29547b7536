/**
 * Small run-time settings kept in app_settings (key -> text value), with the defaults the base
 * seed writes. A missing row reads as its default, so older databases keep working.
 */
import type { Kysely } from "kysely";
import type { Database } from "./schema.ts";

export const APP_SETTING_DEFAULTS = {
  /** How many ACTIVE tickets a member may hold at once before creating another is refused. */
  member_active_ticket_cap: "3",
  /** When the first-run checklist was dismissed for good (epoch seconds); "0": it is shown. */
  first_run_dismissed_at: "0",
  /** When an admin said the categories and servers fit (epoch seconds); "0": not yet. */
  first_run_setup_confirmed_at: "0",
  /** "1": an employee's reply on an unassigned ticket assigns it to them (docs/decisions/assignment.md). */
  assign_on_first_reply: "0",
} as const;

export type AppSettingKey = keyof typeof APP_SETTING_DEFAULTS;

export async function readSetting(db: Kysely<Database>, key: AppSettingKey): Promise<string> {
  const row = await db.selectFrom("app_settings").select("value").where("key", "=", key).executeTakeFirst();
  return row?.value ?? APP_SETTING_DEFAULTS[key];
}

export async function readNumberSetting(db: Kysely<Database>, key: AppSettingKey): Promise<number> {
  const value = Number(await readSetting(db, key));
  return Number.isFinite(value) ? value : Number(APP_SETTING_DEFAULTS[key]);
}

/** Sets a setting (insert or replace); every node reads it from the database. */
export async function writeSetting(db: Kysely<Database>, key: AppSettingKey, value: string): Promise<void> {
  await db
    .insertInto("app_settings")
    .values({ key, value })
    .onConflict((oc) => oc.column("key").doUpdateSet({ value }))
    .execute();
}
