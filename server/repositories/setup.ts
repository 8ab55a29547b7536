/** SQL for the setup lists that tickets point at: categories, priority levels and servers. */
import type { Kysely, Transaction } from "kysely";
import type { Engine } from "../db/database.ts";
import type { CategoryRow, Database, PriorityRow, ServerRow } from "../db/schema.ts";

/** Live (deleted = false) or deleted entries, in their configured order. */
export function listCategories(db: Kysely<Database>, deleted: boolean): Promise<CategoryRow[]> {
  return db
    .selectFrom("categories")
    .selectAll()
    .where("deleted", "=", deleted ? 1 : 0)
    .orderBy("value")
    .orderBy("id")
    .execute();
}

export function listPriorities(db: Kysely<Database>, deleted: boolean): Promise<PriorityRow[]> {
  return db
    .selectFrom("priorities")
    .selectAll()
    .where("deleted", "=", deleted ? 1 : 0)
    .orderBy("value")
    .orderBy("id")
    .execute();
}

export function listServers(db: Kysely<Database>, deleted: boolean): Promise<ServerRow[]> {
  return db
    .selectFrom("servers")
    .selectAll()
    .where("deleted", "=", deleted ? 1 : 0)
    .orderBy("value")
    .orderBy("id")
    .execute();
}

export function findLiveCategory(db: Kysely<Database>, id: number): Promise<CategoryRow | undefined> {
  return db.selectFrom("categories").selectAll().where("id", "=", id).where("deleted", "=", 0).executeTakeFirst();
}

/** Which of these categories are live (not deleted). */
export async function liveCategoryIds(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rows = await db
    .selectFrom("categories")
    .select("id")
    .where("id", "in", unique)
    .where("deleted", "=", 0)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export function findLiveServer(db: Kysely<Database>, id: number): Promise<ServerRow | undefined> {
  return db.selectFrom("servers").selectAll().where("id", "=", id).where("deleted", "=", 0).executeTakeFirst();
}

/** The priority a new ticket gets: the default one, else the first in order (a setup without a default). */
export async function defaultPriorityId(db: Kysely<Database>): Promise<number | undefined> {
  const row = await db
    .selectFrom("priorities")
    .select("id")
    .where("deleted", "=", 0)
    .orderBy("is_default", "desc")
    .orderBy("value")
    .orderBy("id")
    .executeTakeFirst();
  return row?.id;
}

// ---- writes of the setup pages (spec/3-staff-administration.md §2.4)

/** The three lists that tickets point at; each has title, value, style and a soft delete. */
export type SetupListTable = "categories" | "priorities" | "servers";

/** Whether a live entry other than `exceptId` has this title, ignoring case and outer spaces. */
export async function liveTitleTaken(
  db: Kysely<Database>,
  table: SetupListTable | "quick_replies",
  title: string,
  exceptId: number | null,
): Promise<boolean> {
  // Setup lists hold tens of rows: comparing in JS keeps one rule on both engines (SQLite's
  // lower() folds ASCII only).
  const rows =
    table === "quick_replies"
      ? await db.selectFrom("quick_replies").select(["id", "title"]).execute()
      : await db.selectFrom(table).select(["id", "title"]).where("deleted", "=", 0).execute();
  const wanted = title.trim().toLocaleLowerCase();
  return rows.some((row) => row.id !== exceptId && row.title.trim().toLocaleLowerCase() === wanted);
}

/**
 * One entry of a setup list, locked against a concurrent change until the transaction ends
 * (PostgreSQL; SQLite runs one transaction at a time). Deleted entries count as missing.
 */
export function lockLiveEntry(trx: Transaction<Database>, engine: Engine, table: SetupListTable, id: number) {
  const query = trx.selectFrom(table).select("id").where("id", "=", id).where("deleted", "=", 0);
  return (engine === "postgres" ? query.forUpdate() : query).executeTakeFirst();
}

/** Marks a live entry deleted; false when it was not live. */
export async function softDeleteEntry(
  trx: Transaction<Database>,
  table: SetupListTable,
  id: number,
  now: number,
): Promise<boolean> {
  const result = await trx
    .updateTable(table)
    .set({ deleted: 1, deleted_at: now })
    .where("id", "=", id)
    .where("deleted", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether any ticket, open or ended, is filed under the category (tickets_category_id index). */
export async function categoryHasTickets(db: Kysely<Database>, categoryId: number): Promise<boolean> {
  const row = await db
    .selectFrom("tickets")
    .select("id")
    .where("category_id", "=", categoryId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Tickets per category, for the live categories (0 when none): one grouped count on the category index. */
export async function ticketNumbersPerCategory(db: Kysely<Database>): Promise<Record<string, number>> {
  const [categories, counts] = await Promise.all([
    db.selectFrom("categories").select("id").where("deleted", "=", 0).execute(),
    db
      .selectFrom("tickets")
      .select(["category_id", (eb) => eb.fn.countAll<string | number>().as("n")])
      .groupBy("category_id")
      .execute(),
  ]);
  const byCategory = new Map(counts.map((c) => [c.category_id, Number(c.n)]));
  return Object.fromEntries(categories.map((c) => [String(c.id), byCategory.get(c.id) ?? 0]));
}

/**
 * The category a ticket is being filed under or moved into, read under a share lock until the
 * transaction ends: a delete or disable of it waits for the ticket, or the ticket sees it done.
 */
export function lockCategoryForTicket(db: Kysely<Database>, engine: Engine, id: number) {
  const query = db.selectFrom("categories").select(["id", "deleted", "disabled"]).where("id", "=", id);
  return (engine === "postgres" ? query.forShare() : query).executeTakeFirst();
}
