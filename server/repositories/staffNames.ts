/**
 * Staff names (spec/3-staff-administration.md §5): unique among active staff (class dev, not deleted) without regard to
 * case, because players see them and `@name` tags address them ignoring case. The database holds
 * the rule in a partial unique index on the folded name (migration 0030); the use cases check
 * first under one lock, so that a taken name is refused in words and a chosen one is free.
 * Players' names come from the game and stay outside the rule (docs/decisions/staff-names.md).
 */
import type { Kysely, Transaction } from "kysely";
import { LIMITS } from "../../common/constants.ts";
import { foldCase } from "../../common/foldCase.ts";
import type { Engine } from "../db/database.ts";
import { isUniqueViolation, lockCheck } from "../db/dialect.ts";
import type { Database } from "../db/schema.ts";
import { PLAYER_TEXT_TARGETS, textStartsWith } from "../db/textSearch.ts";

/** The unique index of migration 0030. */
export const STAFF_NAME_INDEX = "users_staff_name_unique";

/** The advisory lock of staff name checks: "name" in ASCII. */
const STAFF_NAME_LOCK = 0x6e616d65;

/**
 * Makes the rest of a transaction the only one choosing a staff name (PostgreSQL; SQLite runs one
 * transaction at a time), so that a check and its write cannot interleave with another's.
 */
export function lockStaffNames(trx: Transaction<Database>, engine: Engine): Promise<void> {
  return lockCheck(trx, engine, STAFF_NAME_LOCK);
}

/** The folded names of the active staff, but one. Staff are few; their rows come from the (class, rank) index. */
async function activeStaffNames(db: Kysely<Database>, exceptId?: number): Promise<Set<string>> {
  let query = db.selectFrom("users").select("name").where("class", "=", "dev").where("deleted", "=", 0);
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return new Set((await query.execute()).map((row) => foldCase(row.name)));
}

/** Whether another active employee already goes by this name, in any case. */
export async function staffNameTaken(db: Kysely<Database>, name: string, exceptId: number): Promise<boolean> {
  return (await activeStaffNames(db, exceptId)).has(foldCase(name));
}

/** Usernames have no @ and no whitespace (spec/3-staff-administration.md §5): an account's first name is its e-mail's local part. */
export function nameFromEmail(email: string): string {
  return (email.split("@")[0] ?? "").replace(/[\s@]/gu, "").slice(0, 70) || "user";
}

/** `base` with `n` appended, `base` cut short where the two would pass the name limit. */
export function numberedName(base: string, n: number): string {
  const suffix = String(n);
  return [...base].slice(0, LIMITS.profileName - suffix.length).join("") + suffix;
}

/**
 * `wanted` if it is free, else the first of wanted2, wanted3, … that is: free means no active
 * employee goes by it in any case, and with `everyone` no account at all (the names that
 * create-user gives players stay apart too). Call it under lockStaffNames when the name is written.
 */
export async function freeName(
  db: Kysely<Database>,
  engine: Engine,
  wanted: string,
  scope: "staff" | "everyone",
): Promise<string> {
  const taken = await activeStaffNames(db);
  if (scope === "everyone") {
    // On the lower-case index; SQLite's lower() folds ASCII only, which is enough here: staff,
    // whom the rule is about, were read whole above.
    const rows = await db
      .selectFrom("users")
      .select("name")
      .where(textStartsWith(engine, PLAYER_TEXT_TARGETS.name, wanted))
      .execute();
    for (const row of rows) taken.add(foldCase(row.name));
  }
  if (!taken.has(foldCase(wanted))) return wanted;
  for (let n = 2; ; n++) {
    const candidate = numberedName(wanted, n);
    if (!taken.has(foldCase(candidate))) return candidate;
  }
}

/** A write refused by the staff-name index (PostgreSQL names the constraint, SQLite the index). */
export function isStaffNameViolation(error: unknown): boolean {
  if (!isUniqueViolation(error)) return false;
  const { constraint, message } = error as { constraint?: unknown; message?: unknown };
  return constraint === STAFF_NAME_INDEX || (typeof message === "string" && message.includes(STAFF_NAME_INDEX));
}
