/**
 * The word counters' function in PL/pgSQL. Migration 0024 wrote
 * `word_count_deltas_add` in SQL; called with PERFORM from a trigger, a SQL function's statement is
 * parsed and planned again on every call, and the chat's trigger calls it for every message (the
 * chat's words grow by the message's). PL/pgSQL keeps the plan for the session. Measured with
 * pgbench on the search data set (200,000 tickets, 2,000,000 messages): a message's insert 0.49–0.54
 * ms with the SQL function, 0.38–0.46 ms with this one, 0.36 ms with no counters at all. The body,
 * and so what is counted, is the same.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";
import { WORD_COUNT_DELTAS } from "./0024_word_counts.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  await sql`CREATE OR REPLACE FUNCTION word_count_deltas_add(field text, old_words tsvector, new_words tsvector)
    RETURNS void LANGUAGE plpgsql AS $$ BEGIN ${sql.raw(WORD_COUNT_DELTAS)}; END $$`.execute(db);
}
