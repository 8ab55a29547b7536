/**
 * Word counters on PostgreSQL (docs/decisions/search.md): how many tickets
 * hold each word in their subject, their description and their chat, so that the exact total of a
 * one-word search reads two index entries instead of every matching row of a GIN bitmap (a common
 * word matched 379,000 chats: the count visited all their heap pages, 150–600 ms).
 * - `word_count_deltas`, append-only: triggers on `tickets` (subject, description) and on
 *   `ticket_chat_words` (the chat's words, kept by migration 0019's deferred triggers) add +1 for
 *   a word a document gains and -1 for a word it loses. Writers only insert, as for the ticket
 *   counters of migration 0020, so two documents sharing a word never wait on each other.
 * - `word_counts`, the folded counts: the sweep moves the deltas into it
 *   (repositories/searchCounters.ts). A count is `word_counts.n` plus the deltas of that word not
 *   folded yet, read in one statement.
 * SQLite counts a word in its FTS5 index (migration 0019) and gets nothing here.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";

/** The statements that (re)fill the counters from the documents; a bulk load with the triggers off runs them. */
export const REBUILD_WORD_COUNTS = [
  "DELETE FROM word_count_deltas",
  "DELETE FROM word_counts",
  ...(["subject", "description"] as const).map(
    (field) => `INSERT INTO word_counts (field, word, n)
      SELECT '${field}', w.word, count(*) FROM tickets,
        unnest(tsvector_to_array(to_tsvector('simple'::regconfig, coalesce(tickets.${field}, '')))) AS w(word)
      GROUP BY w.word`,
  ),
  `INSERT INTO word_counts (field, word, n)
    SELECT 'chat', w.word, count(*) FROM ticket_chat_words, unnest(tsvector_to_array(ticket_chat_words.words)) AS w(word)
    GROUP BY w.word`,
] as const;

/**
 * The statement of `word_count_deltas_add(field, old_words, new_words)`: +1 for each word the new
 * document has and the old one lacks, -1 the other way round. Migration 0029 keeps it and makes
 * the function PL/pgSQL.
 */
export const WORD_COUNT_DELTAS = `
  INSERT INTO word_count_deltas (field, word, n)
  SELECT field, w, 1
    FROM unnest(tsvector_to_array(ts_delete(coalesce(new_words, ''::tsvector),
      tsvector_to_array(coalesce(old_words, ''::tsvector))))) AS w
  UNION ALL
  SELECT field, w, -1
    FROM unnest(tsvector_to_array(ts_delete(coalesce(old_words, ''::tsvector),
      tsvector_to_array(coalesce(new_words, ''::tsvector))))) AS w`;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== "postgres") return;
  await sql`CREATE TABLE word_counts (
    field text NOT NULL,
    word text NOT NULL,
    n bigint NOT NULL,
    PRIMARY KEY (field, word)
  )`.execute(db);
  await sql`CREATE TABLE word_count_deltas (
    id bigserial PRIMARY KEY,
    field text NOT NULL,
    word text NOT NULL,
    n integer NOT NULL
  )`.execute(db);
  await sql`CREATE INDEX word_count_deltas_word ON word_count_deltas (field, word)`.execute(db);
  await sql`SET LOCAL work_mem = '256MB'`.execute(db);
  for (const statement of REBUILD_WORD_COUNTS) await sql.raw(statement).execute(db);

  // ts_delete drops a list of lexemes from a tsvector in C; a chat line that repeats words the
  // chat already holds (most do) yields two empty sets without sorting the chat's words.
  await sql`CREATE FUNCTION word_count_deltas_add(field text, old_words tsvector, new_words tsvector)
    RETURNS void LANGUAGE sql AS $$ ${sql.raw(WORD_COUNT_DELTAS)} $$`.execute(db);
  const vector = (row: string, field: string) => `to_tsvector('simple'::regconfig, coalesce(${row}.${field}, ''))`;
  const ticketChange = (field: string) => `
    IF TG_OP = 'INSERT' THEN
      PERFORM word_count_deltas_add('${field}', NULL, ${vector("NEW", field)});
    ELSIF TG_OP = 'DELETE' THEN
      PERFORM word_count_deltas_add('${field}', ${vector("OLD", field)}, NULL);
    ELSIF OLD.${field} IS DISTINCT FROM NEW.${field} THEN
      PERFORM word_count_deltas_add('${field}', ${vector("OLD", field)}, ${vector("NEW", field)});
    END IF;`;
  await sql
    .raw(`CREATE FUNCTION ticket_word_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${ticketChange("subject")}
        ${ticketChange("description")}
        RETURN NULL;
      END $$`)
    .execute(db);
  await sql`CREATE TRIGGER ticket_word_counts_change AFTER INSERT OR DELETE OR UPDATE OF subject, description
    ON tickets FOR EACH ROW EXECUTE FUNCTION ticket_word_counts_change()`.execute(db);
  await sql`CREATE FUNCTION chat_word_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          PERFORM word_count_deltas_add('chat', NULL, NEW.words);
        ELSIF TG_OP = 'DELETE' THEN
          PERFORM word_count_deltas_add('chat', OLD.words, NULL);
        ELSIF OLD.words IS DISTINCT FROM NEW.words THEN
          PERFORM word_count_deltas_add('chat', OLD.words, NEW.words);
        END IF;
        RETURN NULL;
      END $$`.execute(db);
  await sql`CREATE TRIGGER chat_word_counts_change AFTER INSERT OR DELETE OR UPDATE OF words
    ON ticket_chat_words FOR EACH ROW EXECUTE FUNCTION chat_word_counts_change()`.execute(db);
}
