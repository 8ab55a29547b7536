/**
 * The number of tickets per status as append-only delta rows kept by triggers and folded by the
 * sweep (server/db/ticketCounts.ts; issue 7, part search in docs/decisions.md): the exact total of
 * the unfiltered list and of a status filter without counting a million index entries.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { createTicketStatusCounts } from "../ticketCounts.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createTicketStatusCounts(db, engine);
}
