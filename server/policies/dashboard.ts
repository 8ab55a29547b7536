/**
 * Who may read the statistics and write the changelog (spec 3 §2.1, §6; docs/decisions.md, part
 * dashboard). The dashboard's charts need stats:view and the statistics page stats:page_view; the
 * calls behind them are the same, so either permission reads them. No permission string exists
 * for the changelog: reading it is for all staff, adding to it for the admin rank.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { AppError } from "../http/errors.ts";
import { type Actor, hasPermission, isAdmin, requireStaff } from "./policy.ts";

export async function requireStatsReader(db: Kysely<Database>, user: Actor | null): Promise<Actor> {
  const staff = requireStaff(user);
  if ((await hasPermission(db, staff, "stats:view")) || (await hasPermission(db, staff, "stats:page_view"))) {
    return staff;
  }
  throw new AppError("forbidden");
}

export function mayAddChangelog(user: Actor): boolean {
  return isAdmin(user);
}

export function requireChangelogAuthor(user: Actor | null): Actor {
  const staff = requireStaff(user);
  if (!mayAddChangelog(staff)) throw new AppError("forbidden");
  return staff;
}

/**
 * The first-run checklist (docs/decisions/first-start.md): the admin rank, which holds every
 * permission its items need (users, setup, the password of the first admin).
 */
export function requireChecklistAdmin<A extends Actor>(user: A | null): A {
  requireStaff(user);
  if (user?.rank !== "admin") throw new AppError("forbidden");
  return user;
}
