/**
 * Staff as the ticket page needs them (spec/2-staff-ticket-work.md §6, spec/3-staff-administration.md §7 fetch-devs): who handles which
 * categories and servers, and so who may be assigned a ticket.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

export interface StaffMember {
  id: number;
  name: string;
  avatar: string;
  rank: "admin" | "mod" | "dev" | "user";
  categories: number[];
  servers: number[];
}

type EmployeeState = { disabled: number; disabled_until: number };

/** Whether an employee takes tickets now: not disabled, or disabled until a moment that has passed. */
function takesTickets(u: EmployeeState, now: number): boolean {
  return !u.disabled || (u.disabled_until !== -1 && u.disabled_until !== 0 && u.disabled_until <= now);
}

/** Active employees' rows with their categories and servers (two statements for any number). */
async function withResponsibilities(
  db: Kysely<Database>,
  users: readonly (Omit<StaffMember, "categories" | "servers"> & EmployeeState)[],
  now: number,
): Promise<StaffMember[]> {
  const active = users.filter((u) => takesTickets(u, now));
  if (!active.length) return [];
  const ids = active.map((u) => u.id);
  const [categories, servers] = await Promise.all([
    db.selectFrom("user_categories").select(["user_id", "category_id"]).where("user_id", "in", ids).execute(),
    db.selectFrom("user_servers").select(["user_id", "server_id"]).where("user_id", "in", ids).execute(),
  ]);
  return active.map((u) => ({
    id: u.id,
    name: u.name,
    avatar: u.avatar,
    rank: u.rank,
    categories: categories.filter((c) => c.user_id === u.id).map((c) => c.category_id),
    servers: servers.filter((s) => s.user_id === u.id).map((s) => s.server_id),
  }));
}

function activeStaffQuery(db: Kysely<Database>) {
  return db
    .selectFrom("users")
    .select(["id", "name", "avatar", "rank", "disabled", "disabled_until"])
    .where("class", "=", "dev")
    .where("deleted", "=", 0);
}

/**
 * Every active employee (not deleted, not disabled) with their categories and servers, by name.
 * A disabled employee takes no new tickets, so neither the assign modal nor Auto offers them.
 */
export async function listActiveStaff(db: Kysely<Database>, now: number): Promise<StaffMember[]> {
  const users = await activeStaffQuery(db).orderBy("name").orderBy("id").execute();
  return withResponsibilities(db, users, now);
}

/** One employee as listActiveStaff would list them, or undefined when they take no tickets. */
export async function findActiveStaffMember(
  db: Kysely<Database>,
  id: number,
  now: number,
): Promise<StaffMember | undefined> {
  const users = await activeStaffQuery(db).where("id", "=", id).execute();
  return (await withResponsibilities(db, users, now))[0];
}

/** The categories an employee handles. */
export async function categoriesOf(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db.selectFrom("user_categories").select("category_id").where("user_id", "=", userId).execute();
  return rows.map((r) => r.category_id);
}

/** The fast-action excuses per action, in their configured order. */
export async function listFastActionExcuses(db: Kysely<Database>) {
  return db.selectFrom("fast_action_excuses").selectAll().orderBy("value").orderBy("id").execute();
}

export function findLivePriority(db: Kysely<Database>, id: number) {
  return db.selectFrom("priorities").select("id").where("id", "=", id).where("deleted", "=", 0).executeTakeFirst();
}
