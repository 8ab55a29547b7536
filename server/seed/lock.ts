/**
 * Several app nodes may start at once against one PostgreSQL database (cluster mode); a seed
 * takes this transaction-scoped lock first, so the second node waits and then finds the rows the
 * first one wrote. SQLite is one file used by one node, and its write lock serialises anyway.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../db/database.ts";
import type { Database } from "../db/schema.ts";

/** An arbitrary constant shared by every node: "seed" in ASCII. */
const SEED_LOCK_KEY = 0x73656564;

export async function lockSeeding(trx: Kysely<Database>, engine: Engine): Promise<void> {
  if (engine === "postgres") await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
}
