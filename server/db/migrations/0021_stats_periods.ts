/**
 * The figures of finished statistic periods, shared by every node and kept
 * across restarts: a period that has ended never changes (a new ticket's number is now or later, a
 * first reply is stamped when it is sent), so it is computed once and then read as one row.
 * `series` is 'created' (n = tickets created in [lo, hi)) or 'first_reply' (n = first replies given
 * in [lo, hi), total = the sum of their delays in seconds, middle = the middle delay, or the sum of
 * the two middle delays when n is even): whole numbers, so mean and median are exact.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { EPOCH } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("stats_periods")
    .addColumn("series", "text", (c) => c.notNull())
    .addColumn("lo", EPOCH, (c) => c.notNull())
    .addColumn("hi", EPOCH, (c) => c.notNull())
    .addColumn("n", "bigint", (c) => c.notNull())
    .addColumn("total", "bigint", (c) => c.notNull())
    .addColumn("middle", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("stats_periods_pkey", ["series", "lo", "hi"])
    .execute();
}
