/**
 * Admins handle every category and server (docs/decisions/staff-users.md): the first admin is now created
 * with all of them and every new one is given to every admin. Admins of an existing install get
 * every live category and server they lack, so the rule holds after the upgrade too; what an
 * admin already handled stays.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const [link, table, column] of [
    ["user_categories", "categories", "category_id"],
    ["user_servers", "servers", "server_id"],
  ] as const) {
    await sql`
      INSERT INTO ${sql.table(link)} (user_id, ${sql.ref(column)})
      SELECT users.id, entry.id
      FROM users CROSS JOIN ${sql.table(table)} AS entry
      WHERE users.class = 'dev' AND users.rank = 'admin' AND users.deleted = 0 AND entry.deleted = 0
        AND NOT EXISTS (
          SELECT 1 FROM ${sql.table(link)} AS held
          WHERE held.user_id = users.id AND held.${sql.ref(column)} = entry.id
        )
    `.execute(db);
  }
}
