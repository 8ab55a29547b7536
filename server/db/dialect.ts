/**
 * The few places where SQLite and PostgreSQL differ, kept in one module: column types of
 * identity keys in migrations, and case-insensitive matching.
 */
import type { CreateTableBuilder } from "kysely";
import type { Engine } from "./database.ts";

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
