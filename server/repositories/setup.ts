/** SQL for the setup lists that tickets point at: categories, priority levels and servers. */
import type { Kysely } from "kysely";
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
