/**
 * The staff ticket search at a million tickets (issue 7, performance; docs/decisions.md, part
 * searchspeed):
 * - word indexes for subject, description and chat message, the chat's kept per ticket so that a
 *   match count is a ticket count, and the distinct values of name, e-mail and character name for
 *   Contains (server/db/textSearch.ts, createWordIndexes);
 * - `ticket_status_counts`, the number of tickets per status kept by triggers, for the totals of
 *   the unfiltered list and of a status filter;
 * - `(last_updated, id)`, so that PostgreSQL pages the default order from the index alone.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";
import { createWordIndexes } from "../textSearch.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createWordIndexes(db, engine);
  await db.schema.createIndex("tickets_last_updated_id").on("tickets").columns(["last_updated", "id"]).execute();
  await createStatusCounts(db, engine);
}

/**
 * One row per status. A ticket is filed, changes status or is deleted far less often than a
 * message is written, so one row per status takes the updates without contention worth the name.
 */
async function createStatusCounts(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await sql`CREATE TABLE ticket_status_counts (status text PRIMARY KEY, n bigint NOT NULL)`.execute(db);
  await sql`INSERT INTO ticket_status_counts (status, n) SELECT status, count(*) FROM tickets GROUP BY status`.execute(
    db,
  );
  const add = (status: string) =>
    `INSERT INTO ticket_status_counts (status, n) VALUES (${status}, 1) ON CONFLICT (status) DO UPDATE SET n = ticket_status_counts.n + 1;`;
  const remove = (status: string) => `UPDATE ticket_status_counts SET n = n - 1 WHERE status = ${status};`;
  if (engine === "postgres") {
    await sql
      .raw(`CREATE FUNCTION ticket_status_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF TG_OP IN ('UPDATE', 'DELETE') THEN ${remove("OLD.status")} END IF;
          IF TG_OP IN ('UPDATE', 'INSERT') THEN ${add("NEW.status")} END IF;
          RETURN NULL;
        END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ticket_status_counts_insert AFTER INSERT OR DELETE ON tickets
        FOR EACH ROW EXECUTE FUNCTION ticket_status_counts_follow()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ticket_status_counts_update AFTER UPDATE OF status ON tickets
        FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION ticket_status_counts_follow()`)
      .execute(db);
    return;
  }
  await sql
    .raw(`CREATE TRIGGER ticket_status_counts_insert AFTER INSERT ON tickets BEGIN ${add("new.status")} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ticket_status_counts_delete AFTER DELETE ON tickets BEGIN ${remove("old.status")} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER ticket_status_counts_update AFTER UPDATE OF status ON tickets
      WHEN old.status IS NOT new.status BEGIN ${remove("old.status")} ${add("new.status")} END`)
    .execute(db);
}
