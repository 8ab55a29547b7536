/**
 * The few places where SQLite and PostgreSQL differ, kept in one module: column types of
 * identity keys in migrations, case-insensitive matching, row locks and the database size.
 */
import { type CreateTableBuilder, type Kysely, sql, type Transaction } from "kysely";
import type { Engine } from "./database.ts";
import type { Database } from "./schema.ts";

/**
 * Makes the rest of a transaction the only writer for one user: a row lock on PostgreSQL, where
 * transactions run side by side; nothing on SQLite, where the one connection runs one transaction
 * at a time. For checks that count a user's rows and then insert one (the filing limits).
 */
export async function lockUser(trx: Transaction<Database>, engine: Engine, userId: number): Promise<void> {
  if (engine !== "postgres") return;
  await trx.selectFrom("users").select("id").where("id", "=", userId).forUpdate().execute();
}

/**
 * Makes the rest of a transaction the only writer among the admins: their rows locked in id order
 * on PostgreSQL; nothing on SQLite (one transaction at a time). For the last-admin rule, so that
 * two admins demoting, disabling or deleting each other at once cannot both pass the check.
 */
export async function lockAdmins(trx: Transaction<Database>, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  await trx
    .selectFrom("users")
    .select("id")
    .where("class", "=", "dev")
    .where("rank", "=", "admin")
    .orderBy("id")
    .forUpdate()
    .execute();
}

/** The setup tables whose writes check the whole list first (unique titles, one default). */
export type SetupTable = "categories" | "priorities" | "servers" | "quick_replies" | "fast_action_excuses";

/**
 * Makes the rest of a transaction the only writer of one setup table: a table lock on PostgreSQL
 * that blocks other writers but no reader; nothing on SQLite (one transaction at a time). For
 * writes that check the other rows first (a title not yet taken, one default priority), so that
 * two parallel writes cannot both pass the check. Setup tables are small and rarely written.
 */
export async function lockSetupTable(trx: Transaction<Database>, engine: Engine, table: SetupTable): Promise<void> {
  if (engine !== "postgres") return;
  await sql`LOCK TABLE ${sql.table(table)} IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
}

/** Adds an auto-incrementing integer primary key named `id`. */
export function withId<T extends string>(
  table: CreateTableBuilder<T, never>,
  engine: Engine,
): CreateTableBuilder<T, "id"> {
  return engine === "postgres"
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}

/** Epoch seconds: PostgreSQL int8; SQLite stores every integer in up to 8 bytes anyway. */
export const EPOCH = "bigint" as const;
/** Booleans are 0/1 integers on both engines so that rows read the same everywhere. */
export const BOOL = "integer" as const;

/** Bytes the database takes: SQLite's pages, PostgreSQL's pg_database_size. */
export async function databaseSizeBytes(db: Kysely<Database>, engine: Engine): Promise<number> {
  const query =
    engine === "postgres"
      ? sql<{ size: number }>`SELECT pg_database_size(current_database()) AS size`
      : sql<{ size: number }>`SELECT page_count * page_size AS size FROM pragma_page_count(), pragma_page_size()`;
  const { rows } = await query.execute(db);
  return Number(rows[0]?.size ?? 0);
}

/**
 * Makes the rest of a transaction the only one running a check-then-write under `key` (choosing a
 * staff name: checked in words before the unique index would refuse it): a transaction-scoped
 * advisory lock on PostgreSQL; nothing on SQLite, where one transaction runs at a time.
 */
export async function lockCheck(trx: Transaction<Database>, engine: Engine, key: number): Promise<void> {
  if (engine === "postgres") await sql`select pg_advisory_xact_lock(${key})`.execute(trx);
}

/** A write refused by a unique index (PostgreSQL 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}
