/**
 * Reads a migrated database back into one engine-neutral description (tables, columns, primary
 * keys, indexes), so tests can prove that SQLite and PostgreSQL got the same schema.
 */
import { sql } from "kysely";
import type { DataStore } from "../db/database.ts";
import { isTextSearchObject } from "../db/textSearch.ts";

export interface ColumnDescription {
  type: "integer" | "bigint" | "text" | `other:${string}`;
  nullable: boolean;
  hasDefault: boolean;
  autoIncrement: boolean;
}

export interface IndexDescription {
  table: string;
  /** Key parts in order; an expression (lower(name)) reads EXPRESSION, on both engines. */
  columns: string[];
  unique: boolean;
}

/** An index key part that is an expression rather than a column: the engines spell it apart. */
export const EXPRESSION = "(expression)";

export interface SchemaDescription {
  tables: Record<string, { columns: Record<string, ColumnDescription>; primaryKey: string[] }>;
  /** Named indexes, primary keys excluded (their names differ by engine). */
  indexes: Record<string, IndexDescription>;
}

const TYPE_NAMES: Record<string, ColumnDescription["type"]> = {
  integer: "integer",
  int4: "integer",
  bigint: "bigint",
  int8: "bigint",
  text: "text",
};

function normaliseType(raw: string): ColumnDescription["type"] {
  return TYPE_NAMES[raw.toLowerCase()] ?? `other:${raw}`;
}

export async function describeSchema(store: DataStore): Promise<SchemaDescription> {
  const db = store.db;
  let tables = await db.introspection.getTables();
  if (store.engine === "postgres") {
    // The PostgreSQL introspector lists every schema; keep the one this store works in.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
    const current = rows[0]?.schema;
    tables = tables.filter((table) => table.schema === current);
  }
  // Text search is engine-specific by design (FTS5 tables on SQLite, trigram indexes on PostgreSQL).
  tables = tables.filter((table) => !isTextSearchObject(table.name));
  const description: SchemaDescription = { tables: {}, indexes: {} };
  for (const table of tables) {
    const { primaryKey, indexes, autoIncrement } =
      store.engine === "sqlite" ? await sqliteKeys(store, table.name) : await postgresKeys(store, table.name);
    const columns: Record<string, ColumnDescription> = {};
    for (const column of table.columns) {
      columns[column.name] = {
        type: normaliseType(column.dataType),
        // SQLite lets a primary-key column be declared without NOT NULL; it never holds null here.
        nullable: column.isNullable && !primaryKey.includes(column.name),
        // A PostgreSQL serial has a nextval() default; SQLite's rowid alias has none.
        hasDefault: column.hasDefaultValue && !column.isAutoIncrementing,
        autoIncrement: autoIncrement === undefined ? column.isAutoIncrementing : autoIncrement === column.name,
      };
    }
    description.tables[table.name] = { columns, primaryKey };
    for (const [name, index] of Object.entries(indexes))
      if (!isTextSearchObject(name)) description.indexes[name] = index;
  }
  return description;
}

type Keys = {
  primaryKey: string[];
  indexes: Record<string, IndexDescription>;
  /**
   * SQLite only: the column declared AUTOINCREMENT, or "" for none. Kysely also reports a plain
   * INTEGER PRIMARY KEY (a rowid alias such as user_preferences.user_id) as auto-incrementing,
   * which PostgreSQL would not.
   */
  autoIncrement?: string;
};

async function sqliteKeys(store: DataStore, table: string): Promise<Keys> {
  const db = store.db;
  const info = await sql<{ name: string; pk: number }>`select name, pk from pragma_table_info(${table})`.execute(db);
  const primaryKey = info.rows
    .filter((row) => row.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((row) => row.name);
  const list = await sql<{ name: string; unique: number; origin: string }>`
    select name, "unique", origin from pragma_index_list(${table})`.execute(db);
  const indexes: Record<string, IndexDescription> = {};
  for (const index of list.rows) {
    if (index.origin === "pk") continue;
    const columns = await sql<{ name: string | null }>`
      select name from pragma_index_info(${index.name}) order by seqno`.execute(db);
    indexes[index.name] = {
      table,
      columns: columns.rows.map((c) => c.name ?? EXPRESSION),
      unique: index.unique === 1,
    };
  }
  const created = await sql<{
    sql: string;
  }>`select sql from sqlite_master where type = 'table' and name = ${table}`.execute(db);
  const declared = /"?(\w+)"?\s+integer\s+[^,]*autoincrement/i.exec(created.rows[0]?.sql ?? "");
  return { primaryKey, indexes, autoIncrement: declared?.[1] ?? "" };
}

async function postgresKeys(store: DataStore, table: string): Promise<Keys> {
  const { rows } = await sql<{ name: string; unique: boolean; primary: boolean; columns: string[] }>`
    select i.relname as name, ix.indisunique as unique, ix.indisprimary as primary,
      array(
        select coalesce(a.attname::text, ${EXPRESSION})
        from unnest(ix.indkey) with ordinality as k(attnum, ord)
        left join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum
        order by k.ord
      ) as columns
    from pg_index ix
    join pg_class i on i.oid = ix.indexrelid
    join pg_class t on t.oid = ix.indrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = current_schema() and t.relname = ${table}`.execute(store.db);
  let primaryKey: string[] = [];
  const indexes: Record<string, IndexDescription> = {};
  for (const row of rows) {
    if (row.primary) primaryKey = row.columns;
    else indexes[row.name] = { table, columns: row.columns, unique: row.unique };
  }
  return { primaryKey, indexes };
}
