/**
 * What a new owner's first hour needs of the schema:
 *
 * - **Stored statistic periods forget what a later write changed.** A stored period (0021) is
 *   right only while no ticket is written into it afterwards; the demo seed and any import write
 *   tickets dated in the past. Triggers on `tickets` delete the stored periods that hold a
 *   created_at or first_reply_at instant older than a minute (the settling margin of the
 *   statistics: a younger instant lies in a period no one has stored yet), and move
 *   `stats_state.generation` on, so that every node drops the figures it keeps in memory and a
 *   node that computed a period before the write does not store it after
 *   (usecases/countTicketsOverTime.ts). The WHEN clauses keep a ticket filed now and a first
 *   reply stamped now, the hot path, from running the body.
 * - **`users.password_generated`**: 1 while the account signs in with the password generated at
 *   the first start, so the dashboard asks for a new one.
 * - **The first-run checklist of an install that was running before** starts dismissed: it is
 *   for a new help desk, not one that has been answering tickets.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";
import { BOOL } from "../dialect.ts";

/** Longer than any stored period (a month, 31 days and an hour of DST): bounds the index range. */
const LONGEST_PERIOD = 32 * 86_400;
const SETTLED = 60;

/** Deletes the stored periods of `series` holding the instant `at` (an SQL expression). */
const forget = (series: string, at: string) =>
  `DELETE FROM stats_periods WHERE series = '${series}' AND lo <= ${at} AND hi > ${at} AND lo > ${at} - ${LONGEST_PERIOD};`;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable("stats_state")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("generation", "bigint", (c) => c.notNull())
    .execute();
  await sql`INSERT INTO stats_state (id, generation) VALUES (1, 0)`.execute(db);

  await db.schema
    .alterTable("users")
    .addColumn("password_generated", BOOL, (c) => c.notNull().defaultTo(0))
    .execute();

  const now = String(Math.floor(Date.now() / 1000));
  await sql`
    INSERT INTO app_settings (key, value)
    SELECT 'first_run_dismissed_at', CAST(${now} AS text) WHERE EXISTS (SELECT 1 FROM users)
  `.execute(db);

  const bump = "UPDATE stats_state SET generation = generation + 1 WHERE id = 1;";
  const forgetRow = (row: string) =>
    `${forget("created", `${row}.created_at`)} ${forget("first_reply", `${row}.first_reply_at`)}`;

  if (engine === "postgres") {
    const cutoff = `(extract(epoch FROM clock_timestamp())::bigint - ${SETTLED})`;
    await sql
      .raw(`CREATE FUNCTION stats_periods_forget() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${bump}
        IF TG_OP <> 'DELETE' THEN ${forgetRow("NEW")} END IF;
        IF TG_OP <> 'INSERT' THEN ${forgetRow("OLD")} END IF;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER stats_periods_forget_insert AFTER INSERT ON tickets FOR EACH ROW
      WHEN (NEW.created_at < ${cutoff} OR NEW.first_reply_at < ${cutoff})
      EXECUTE FUNCTION stats_periods_forget()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER stats_periods_forget_update AFTER UPDATE OF created_at, first_reply_at ON tickets
      FOR EACH ROW WHEN (
        (NEW.created_at <> OLD.created_at AND (NEW.created_at < ${cutoff} OR OLD.created_at < ${cutoff}))
        OR (NEW.first_reply_at IS DISTINCT FROM OLD.first_reply_at
          AND (NEW.first_reply_at < ${cutoff} OR OLD.first_reply_at < ${cutoff})))
      EXECUTE FUNCTION stats_periods_forget()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER stats_periods_forget_delete AFTER DELETE ON tickets FOR EACH ROW
      EXECUTE FUNCTION stats_periods_forget()`)
      .execute(db);
    return;
  }
  const cutoff = `(CAST(strftime('%s', 'now') AS integer) - ${SETTLED})`;
  await sql
    .raw(`CREATE TRIGGER stats_periods_forget_insert AFTER INSERT ON tickets
    WHEN new.created_at < ${cutoff} OR new.first_reply_at < ${cutoff}
    BEGIN ${bump} ${forgetRow("new")} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER stats_periods_forget_update AFTER UPDATE OF created_at, first_reply_at ON tickets
    WHEN (new.created_at <> old.created_at AND (new.created_at < ${cutoff} OR old.created_at < ${cutoff}))
      OR (new.first_reply_at IS NOT old.first_reply_at
        AND (new.first_reply_at < ${cutoff} OR old.first_reply_at < ${cutoff}))
    BEGIN ${bump} ${forgetRow("new")} ${forgetRow("old")} END`)
    .execute(db);
  await sql
    .raw(`CREATE TRIGGER stats_periods_forget_delete AFTER DELETE ON tickets
    BEGIN ${bump} ${forgetRow("old")} END`)
    .execute(db);
}
