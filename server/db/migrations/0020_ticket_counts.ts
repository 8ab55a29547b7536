/**
 * Ticket counters per status and category, so that the dashboard's totals
 * and open-ticket overview read about a hundred rows instead of a million index entries:
 * - `ticket_count_deltas`, append-only: triggers on `tickets` add one row per change (+1 for an
 *   inserted ticket, -1 for a deleted one, -1 and +1 when the status or category changes). Writers
 *   only insert, so two tickets changing in opposite directions never wait on each other (a
 *   one-row-per-status counter table updated in place deadlocks: docs/decisions/search.md).
 * - `ticket_counts`, the folded counts: a sweep moves the deltas into it
 *   (repositories/ticketCounts.ts). A count is `ticket_counts.n` plus the deltas not folded yet,
 *   read in one statement, so it is exact before, during and after a fold.
 * The counts of the tickets already there are filled here, once.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";
import { withId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("ticket_counts")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("ticket_counts_pkey", ["status", "category_id"])
    .execute();
  await withId(db.schema.createTable("ticket_count_deltas"), engine)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.notNull())
    .addColumn("n", "integer", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO ticket_counts (status, category_id, n)
    SELECT status, category_id, count(*) FROM tickets GROUP BY status, category_id`.execute(db);

  const changed = (o: string, n: string) => `${o}.status <> ${n}.status OR ${o}.category_id <> ${n}.category_id`;
  const add = (row: string, n: number) =>
    `INSERT INTO ticket_count_deltas (status, category_id, n) VALUES (${row}.status, ${row}.category_id, ${n});`;
  if (engine === "postgres") {
    await sql
      .raw(`CREATE FUNCTION ticket_count_deltas_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${add("NEW", 1)}
        ELSIF TG_OP = 'DELETE' THEN
          ${add("OLD", -1)}
        ELSIF ${changed("OLD", "NEW")} THEN
          ${add("OLD", -1)}
          ${add("NEW", 1)}
        END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ticket_count_deltas_change AFTER INSERT OR DELETE OR UPDATE OF status, category_id
      ON tickets FOR EACH ROW EXECUTE FUNCTION ticket_count_deltas_add()`)
      .execute(db);
    return;
  }
  await sql
    .raw(`CREATE TRIGGER ticket_count_deltas_insert AFTER INSERT ON tickets BEGIN ${add("new", 1)} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ticket_count_deltas_delete AFTER DELETE ON tickets BEGIN ${add("old", -1)} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ticket_count_deltas_update AFTER UPDATE OF status, category_id ON tickets
      WHEN ${changed("old", "new")} BEGIN ${add("old", -1)} ${add("new", 1)} END`)
    .execute(db);
}
