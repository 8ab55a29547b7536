/**
 * The searched texts of a ticket in a table beside it, on PostgreSQL.
 *
 * Every chat message updates its ticket (`last_updated`, an indexed column), so the UPDATE is never
 * HOT and PostgreSQL writes an entry into every index of `tickets`, including seven GIN indexes:
 * the trigrams of name, e-mail, character name, subject and description (migration 0008) and the
 * words of subject and description (migration 0019). Each recomputed the trigrams or words of a
 * text that had not changed and appended them to the index's pending list, whose clean-up then
 * fell on whichever message filled it. Five of them go: on the search data set (200,000 tickets)
 * a message's UPDATE of its ticket took 0.93–1.12 ms with them and 0.61–0.77 ms without (pgbench,
 * docs/decisions/performance.md).
 * - The trigrams of name, e-mail and character name served no query: Contains on those columns
 *   reads their distinct values (migration 0019, `ticket_text_values`). They are dropped.
 * - The trigrams of subject and description serve Contains in a script written without spaces
 *   (and a query with no word in it), the fallback of the word search. They move to
 *   `ticket_texts`, a copy of subject and description (one row per ticket), as `ticket_chat_words`
 *   holds the chat's words beside the ticket. A trigger keeps the copy: on a ticket's insert, and
 *   on an update that names subject or description (a chat message's UPDATE names neither). The
 *   rows go with their ticket.
 * - The word indexes of subject and description stay on `tickets`. Moved, a word query became a
 *   join whose size the planner cannot judge (it assumes 0.5% of the rows for an expression's
 *   words): for a rare order code it hashed the whole of `tickets` (70–80 ms at 200,000 tickets,
 *   where the query on `tickets` takes 1–2 ms).
 * SQLite keeps its FTS5 tables: an UPDATE there touches only the indexes of the columns it sets.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";
import { createTicketTexts } from "../textSearch.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  await createTicketTexts(db);
  for (const index of [
    "tickets_name_trgm",
    "tickets_email_trgm",
    "tickets_character_name_trgm",
    "tickets_subject_trgm",
    "tickets_description_trgm",
  ]) {
    await sql`DROP INDEX IF EXISTS ${sql.id(index)}`.execute(db);
  }
}
