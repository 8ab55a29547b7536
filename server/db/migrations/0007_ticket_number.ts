/**
 * The ticket-number allocator: one row holding the last number handed out. A ticket's number is
 * its creation second and unique (spec/2-staff-ticket-work.md §2); taking it with one UPDATE … RETURNING on this row
 * makes concurrent submissions queue on the row lock instead of colliding on the unique index.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";
import { EPOCH } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("ticket_number")
    // Always 1: the table has exactly one row.
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("last_number", EPOCH, (c) => c.notNull())
    .execute();
  await sql`INSERT INTO ticket_number (id, last_number) SELECT 1, COALESCE(MAX(created_at), 0) FROM tickets`.execute(
    db,
  );
}
