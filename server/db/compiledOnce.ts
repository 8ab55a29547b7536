/**
 * Statements compiled once, for the chat path. Kysely builds an immutable tree and
 * compiles it to SQL on every call: about a seventh of a chat message's CPU under load. A statement
 * written with `compiledOnce` is built and compiled once per engine and shape, with a marker in
 * place of each value; a call hands its values to that compiled statement. Its SQL text stays the
 * same, so SQLite's statement cache (database.ts) keeps hitting, and PostgreSQL keeps it prepared on
 * each connection (preparedStatements.ts).
 *
 * The shape is which values are given: an insert of other columns is another statement. Values go
 * where Kysely makes parameters of them (comparisons, inserted and updated values), never into
 * `in` lists or raw SQL; a null compares as SQL's `= NULL` does, so a nullable key needs a
 * statement of its own (`is null`), as it would without this.
 */
import type { Compilable, CompiledQuery, Kysely, QueryResult } from "kysely";
import { prepareOnPostgres } from "./preparedStatements.ts";
import type { Database } from "./schema.ts";

/** Stands in the built query for the value of one key, and is found again among its parameters. */
class Slot {
  readonly key: string;
  constructor(key: string) {
    this.key = key;
  }
}

interface Template {
  compiled: CompiledQuery;
  /** For each parameter of the compiled statement: the key whose value goes there, or null (fixed). */
  keys: (string | null)[];
}

/** Compiled statements per dialect (a database and its transactions share one adapter). */
type Cache = WeakMap<object, Map<string, Template>>;

function template<V extends Record<string, unknown>, R>(
  db: Kysely<Database>,
  cache: Cache,
  shape: string[],
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): Template {
  const adapter = db.getExecutor().adapter;
  let byShape = cache.get(adapter);
  if (!byShape) {
    byShape = new Map();
    cache.set(adapter, byShape);
  }
  const shapeKey = shape.join(",");
  let found = byShape.get(shapeKey);
  if (!found) {
    const slots = Object.fromEntries(shape.map((key) => [key, new Slot(key)])) as unknown as V;
    const compiled = build(db, slots).compile();
    const keys = compiled.parameters.map((p) => (p instanceof Slot ? p.key : null));
    const unplaced = shape.filter((key) => !keys.includes(key));
    if (unplaced.length) throw new Error(`compiledOnce: ${unplaced.join(", ")} did not become parameters`);
    // PostgreSQL keeps it prepared per connection (preparedStatements.ts).
    prepareOnPostgres(compiled.sql);
    found = { compiled, keys };
    byShape.set(shapeKey, found);
  }
  return found;
}

/** A value that becomes a parameter as it is (not an expression Kysely would build into the SQL). */
export function isPlainValue(value: unknown): boolean {
  return value === null || typeof value !== "object";
}

/**
 * A statement built by `build` from `values` (each one used as a value), compiled on its first
 * call per engine and shape. Answers what Kysely's executeQuery does: the rows, and for a write the
 * number of rows it changed.
 */
export function compiledOnce<V extends Record<string, unknown>, R>(
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): (db: Kysely<Database>, values: V) => Promise<QueryResult<R>> {
  const cache: Cache = new WeakMap();
  return async (db, values) => {
    // Kysely leaves out an undefined value (an insert's or update's column): so does the shape.
    const shape = Object.keys(values)
      .filter((key) => values[key] !== undefined)
      .sort();
    // An expression (sql`…`, a subquery) would be built into the SQL, not bound: not for here.
    const expression = shape.find((key) => !isPlainValue(values[key]));
    if (expression) throw new Error(`compiledOnce: ${expression} is not a plain value`);
    const { compiled, keys } = template(db, cache, shape, build);
    const parameters = keys.map((key, i) => (key === null ? compiled.parameters[i] : values[key]));
    return db.executeQuery({ ...(compiled as CompiledQuery<R>), parameters });
  };
}
