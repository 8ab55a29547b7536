/**
 * Staff names unique without regard to case, in the database (docs/decisions/staff-names.md): a
 * partial unique index on the folded name of active staff (class dev, not deleted). PostgreSQL
 * folds with lower(), SQLite with the app's unicode_lower() (its own lower() folds ASCII only),
 * both as foldCase() does.
 *
 * A database written before this may hold active staff whose names differ only in case. The
 * oldest account (lowest id) keeps the name; each later one gets the first number from 2 that
 * makes it free (`modayse` → `modayse2`), as create-user names a new account. The names are
 * grouped by the engine's own folding, so that the index cannot meet a twin the grouping missed.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";
import { foldedSql } from "../textSearch.ts";

/** The profile name's limit (spec/3-staff-administration.md §9), which a numbered name keeps to. */
const NAME_MAX = 80;

function numbered(base: string, n: number): string {
  const suffix = String(n);
  return [...base].slice(0, NAME_MAX - suffix.length).join("") + suffix;
}

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const folded = foldedSql(engine, sql.ref("name"));
  const keyOf = async (name: string) =>
    (await sql<{ key: string }>`SELECT ${foldedSql(engine, sql.val(name))} AS key`.execute(db)).rows[0]?.key ?? name;
  const { rows: staff } = await sql<{ id: number; name: string; key: string }>`
    SELECT id, name, ${folded} AS key FROM users WHERE class = 'dev' AND deleted = 0 ORDER BY id`.execute(db);
  const taken = new Set(staff.map((row) => row.key));
  const kept = new Set<string>();
  const now = Math.floor(Date.now() / 1000);
  for (const row of staff) {
    if (!kept.has(row.key)) {
      kept.add(row.key);
      continue;
    }
    let n = 2;
    while (taken.has(await keyOf(numbered(row.name, n)))) n++;
    const name = numbered(row.name, n);
    taken.add(await keyOf(name));
    await sql`UPDATE users SET name = ${name}, updated_at = ${now} WHERE id = ${row.id}`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX users_staff_name_unique ON users (${folded}) WHERE class = 'dev' AND deleted = 0`.execute(
    db,
  );
}
