/**
 * The text-search dialect of the staff ticket search (spec/2-staff-ticket-work.md §2, §7) and the player search (spec/3-staff-administration.md
 * §2.3), in one module: how a Contains or Exact match on a ticket's text fields, a Contains match on
 * its chat messages, and a match on a player's name, e-mail or character name is written for each
 * engine, and the indexes that make them fast (migrations 0008 and 0013).
 *
 * - Contains (3 characters or more): trigram indexes. PostgreSQL: `col ILIKE '%text%'` served by a
 *   pg_trgm GIN index on the column; a ticket's subject and description are searched in their copy
 *   in `ticket_texts` (migration 0028), so that a chat message's UPDATE of the ticket writes no
 *   trigram (their words stay indexed on `tickets`). SQLite: an FTS5 table with the `trigram`
 *   tokenizer (external content, kept in sync by triggers), queried with a phrase (a trigram
 *   phrase is a substring).
 * - Contains with 1 or 2 characters: no trigram exists, so it becomes a starts-with match on the
 *   lower-case b-tree index (name, e-mail, character name). Subject, description and chat message
 *   require 3 characters (the request schema says so).
 * - Exact: PostgreSQL `lower(col) = lower(text)` on the same lower-case b-tree index; SQLite
 *   `unicode_lower(col) = foldCase(text)`, an application function (SQLite's own lower() folds
 *   ASCII only) with an expression index of its own (migration 0018).
 *
 * Both engines fold case the same way for Contains and Exact (Unicode); starts-with folds with the
 * engine's lower() (SQLite: ASCII only).
 */
import type SQLite from "better-sqlite3";
import { type Kysely, type RawBuilder, sql } from "kysely";
import { foldCase } from "../../common/foldCase.ts";
import type { Engine } from "./engine.ts";

/** The ticket columns that text search reads. */
export const TICKET_TEXT_COLUMNS = ["name", "email", "character_name", "subject", "description"] as const;
export type TicketTextColumn = (typeof TICKET_TEXT_COLUMNS)[number];
/** Columns with a lower-case b-tree index: Exact and short Contains. */
export const TICKET_EXACT_COLUMNS = ["name", "email", "character_name"] as const;
export type TicketExactColumn = (typeof TICKET_EXACT_COLUMNS)[number];

/** A trigram index serves a Contains query of at least this many characters. */
export const TRIGRAM_MIN_CHARS = 3;

/** The largest code point: `prefix || MAX_CHAR` sorts after every text that starts with prefix. */
const MAX_CHAR = "\u{10FFFF}";

/** Escapes LIKE's wildcards (`%`, `_`) and the escape character itself (backslash). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** An FTS5 phrase: the text in double quotes, inner quotes doubled; no operator survives. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

function charCount(text: string): number {
  return [...text].length;
}

/**
 * A searched text column: its table, and on SQLite the FTS5 trigram table (external content,
 * rowid = the table's id) that indexes it.
 */
export interface TextTarget {
  table: string;
  column: string;
  fts: string;
}

const ticketTarget = (column: string): TextTarget => ({ table: "tickets", column, fts: "tickets_fts" });

/** target contains text (any case); shorter than a trigram, a starts-with match when `prefix`. */
export function textContains(engine: Engine, target: TextTarget, text: string, prefix = true): RawBuilder<boolean> {
  if (charCount(text) < TRIGRAM_MIN_CHARS) return prefix ? textStartsWith(engine, target, text) : sql<boolean>`1 = 0`;
  const ref = sql.ref(`${target.table}.${target.column}`);
  if (engine === "postgres") return sql<boolean>`${ref} ILIKE ${`%${escapeLike(text)}%`}`;
  const query = `${target.column} : ${ftsPhrase(text)}`;
  return sql<boolean>`${sql.ref(`${target.table}.id`)} IN (SELECT rowid FROM ${sql.table(target.fts)} WHERE ${sql.table(target.fts)} MATCH ${query})`;
}

/** target starts with text (any case), on the lower-case b-tree index. */
export function textStartsWith(engine: Engine, target: TextTarget, text: string): RawBuilder<boolean> {
  const lowered = sql`lower(${sql.ref(`${target.table}.${target.column}`)})`;
  if (engine === "postgres") {
    // text_pattern_ops serves LIKE 'prefix%' (backslash is PostgreSQL's default LIKE escape).
    return sql<boolean>`${lowered} LIKE ${`${escapeLike(text.toLowerCase())}%`}`;
  }
  return sql<boolean>`(${lowered} >= lower(${text}) AND ${lowered} < lower(${text}) || ${MAX_CHAR})`;
}

/** target equals text (any case). */
export function textExact(target: TextTarget, text: string): RawBuilder<boolean> {
  return sql<boolean>`lower(${sql.ref(`${target.table}.${target.column}`)}) = lower(${text})`;
}

/** tickets.<column> contains text (any case); `probe` as in ticketWords. */
export function ticketContains(
  engine: Engine,
  column: TicketTextColumn,
  text: string,
  probe = false,
): RawBuilder<boolean> {
  if ((TICKET_EXACT_COLUMNS as readonly string[]).includes(column)) {
    return ticketValueContains(engine, column as TicketExactColumn, text, probe);
  }
  if (engine === "postgres") {
    // The trigrams of subject and description are indexed in their copy (migration 0028).
    const copy: TextTarget = { table: "ticket_texts", column, fts: "" };
    return inTicketTexts(textContains(engine, copy, text, false), probe);
  }
  return textContains(engine, ticketTarget(column), text, false);
}

/**
 * PostgreSQL: the ticket's row of `ticket_texts` (its subject and description, migration 0028)
 * meets `match`; `probe` as in ticketWords.
 */
function inTicketTexts(match: RawBuilder<boolean>, probe: boolean): RawBuilder<boolean> {
  return probe
    ? sql<boolean>`EXISTS (SELECT 1 FROM ticket_texts WHERE ticket_texts.ticket_id = tickets.id AND ${match})`
    : sql<boolean>`tickets.id IN (SELECT ticket_texts.ticket_id FROM ticket_texts WHERE ${match})`;
}

/** tickets.<column> equals text (any case, Unicode on both engines). */
export function ticketExact(engine: Engine, column: TicketExactColumn, text: string): RawBuilder<boolean> {
  const ref = sql.ref(`tickets.${column}`);
  if (engine === "postgres") return sql<boolean>`lower(${ref}) = lower(${text})`;
  return sql<boolean>`${sql.raw(UNICODE_LOWER)}(${ref}) = ${foldCase(text)}`;
}

// ---- Exact on SQLite: Unicode case folding

/** The SQLite function that folds case as PostgreSQL's lower() does (registered per connection). */
export const UNICODE_LOWER = "unicode_lower";

/**
 * Registers unicode_lower() on a SQLite connection. Every connection that writes tickets or users
 * needs it: the Exact indexes of migration 0018 and the staff-name index of 0030 are built on it.
 */
export function registerTextFunctions(sqlite: SQLite.Database): void {
  sqlite.function(UNICODE_LOWER, { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? foldCase(value) : value,
  );
}

/**
 * A text folded to lower case the engine's Unicode way: PostgreSQL's lower(), SQLite's
 * unicode_lower() (its own lower() folds ASCII only). Both fold as foldCase() does.
 */
export function foldedSql(engine: Engine, text: RawBuilder<unknown>): RawBuilder<string> {
  return engine === "postgres" ? sql<string>`lower(${text})` : sql<string>`${sql.raw(UNICODE_LOWER)}(${text})`;
}

/** SQLite's Exact indexes (migration 0018); PostgreSQL's lower() indexes of 0008 already fold Unicode. */
export async function createUnicodeExactIndexes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === "postgres") return;
  for (const column of TICKET_EXACT_COLUMNS) {
    await sql`CREATE INDEX ${sql.id(`tickets_${column}_unicode_lower`)} ON tickets (${sql.raw(UNICODE_LOWER)}(${sql.id(column)}))`.execute(
      db,
    );
  }
}

/** Some chat message of the ticket (not deleted) contains text (any case); text has 3+ characters. */
export function chatMessageContains(engine: Engine, text: string): RawBuilder<boolean> {
  if (charCount(text) < TRIGRAM_MIN_CHARS) return sql<boolean>`1 = 0`;
  if (engine === "postgres") {
    return sql<boolean>`tickets.id IN (SELECT m.ticket_id FROM chat_messages m WHERE m.message ILIKE ${`%${escapeLike(text)}%`} AND m.deleted = 0)`;
  }
  return sql<boolean>`tickets.id IN (SELECT m.ticket_id FROM chat_messages m WHERE m.id IN (SELECT rowid FROM chat_messages_fts WHERE chat_messages_fts MATCH ${`message : ${ftsPhrase(text)}`}) AND m.deleted = 0)`;
}

// ---- word search: subject, description and chat message (migration 0019)

/**
 * Scripts written without spaces between words: a word index cannot cut them, so a query that
 * holds any of them searches by substring on the trigram indexes instead.
 */
const UNSPACED_SCRIPTS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** The words of a query as FTS5's unicode61 tokenizer cuts them: runs of letters, marks and digits. */
export function queryWords(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{M}\p{N}]+/gu) ?? []).slice(0, MAX_QUERY_WORDS);
}

/** A query of more words than this uses only the first ones (every one must match). */
const MAX_QUERY_WORDS = 16;

/** The word-searched texts: the ticket's subject and description, and its whole chat. */
export type WordField = "subject" | "description" | "chat";

/**
 * Whether a query of this field goes to the word indexes: Contains on subject, description and
 * chat message matches whole words (every word of the query, any order), the way Zammad and
 * osTicket search text; a query in an unspaced script, or with no word at all, falls back to
 * substring search on the trigram indexes.
 */
function usesWords(text: string): boolean {
  return !UNSPACED_SCRIPTS.test(text) && queryWords(text).length > 0;
}

/** FTS5: every word, each as a quoted token (no operator survives), in the field's column. */
function ftsWordQuery(field: WordField, text: string): string {
  const words = queryWords(text)
    .map((word) => `"${word}"`)
    .join(" AND ");
  return field === "chat" ? words : `${field} : (${words})`;
}

/** PostgreSQL: the field's word vector, built the way its GIN index is (migration 0019). */
function pgWordVector(field: Exclude<WordField, "chat">) {
  return sql`to_tsvector('simple'::regconfig, coalesce(${sql.ref(`tickets.${field}`)}, ''))`;
}

/**
 * The ticket's field holds every word of text. `probe`: written for a page found by walking the
 * sort key's index when many tickets match, each ticket tested on its own; otherwise the matches
 * drive the query (few matches, and the count).
 */
export function ticketWords(engine: Engine, field: WordField, text: string, probe = false): RawBuilder<boolean> {
  if (!usesWords(text)) {
    return field === "chat" ? chatMessageContains(engine, text) : ticketContains(engine, field, text);
  }
  if (engine === "postgres") {
    const query = sql`plainto_tsquery('simple'::regconfig, ${text})`;
    if (field !== "chat") return sql<boolean>`${pgWordVector(field)} @@ ${query}`;
    return probe
      ? sql<boolean>`EXISTS (SELECT 1 FROM ticket_chat_words w WHERE w.ticket_id = tickets.id AND w.words @@ ${query})`
      : sql<boolean>`tickets.id IN (SELECT w.ticket_id FROM ticket_chat_words w WHERE w.words @@ ${query})`;
  }
  const table = sql.table(field === "chat" ? "ticket_chat_words" : "ticket_words");
  const query = ftsWordQuery(field, text);
  // Probing FTS5 for one rowid costs as much as reading the whole match (about 0.6 ms); instead
  // the matches are read once into a set, and `+` keeps the planner walking the sort key's index
  // and testing each ticket against the set rather than sorting every match.
  const id = probe ? sql`+tickets.id` : sql`tickets.id`;
  return sql<boolean>`${id} IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ${query})`;
}

/**
 * The exact number of tickets whose field holds the one word of `text` (as PostgreSQL's `simple`
 * configuration cuts it), as a scalar subquery; when `text` is not one word, `otherwise` (the
 * count on the word index) is evaluated instead.
 */
function pgWordCount(field: WordField, text: string, otherwise: RawBuilder<unknown>): RawBuilder<number | string> {
  return sql<number | string>`(
    SELECT CASE WHEN cardinality(q.words) = 1 THEN (
      SELECT coalesce(sum(c.n), 0) FROM (
        SELECT n FROM word_counts WHERE field = ${field} AND word = q.words[1]
        UNION ALL
        SELECT n FROM word_count_deltas WHERE field = ${field} AND word = q.words[1]
      ) c
    ) ELSE ${otherwise} END
    FROM (SELECT tsvector_to_array(to_tsvector('simple'::regconfig, ${text})) AS words) q
  )`;
}

/**
 * SQLite: the ids of the tickets whose field holds every word of text, among those whose id the
 * condition on `rowid` admits (FTS5 seeks that bound in its posting list instead of reading it
 * all); undefined when the query falls back to substrings.
 */
export function sqliteWordMatches(field: WordField, text: string, rowidBound: RawBuilder<unknown>) {
  if (!usesWords(text)) return undefined;
  const table = sql.table(field === "chat" ? "ticket_chat_words" : "ticket_words");
  return sql`SELECT rowid FROM ${table} WHERE ${table} MATCH ${ftsWordQuery(field, text)} AND ${rowidBound}`;
}

/**
 * The number of tickets whose field holds every word of text, read from the word index alone, or
 * on PostgreSQL for one word from its counter (the count of a search with no other filter);
 * undefined when the query falls back to substrings.
 */
export function ticketWordCount(
  engine: Engine,
  field: WordField,
  text: string,
): RawBuilder<number | string> | undefined {
  if (!usesWords(text)) return undefined;
  if (engine === "postgres") {
    const query = sql`plainto_tsquery('simple'::regconfig, ${text})`;
    // One word: its counter (migration 0024), since a GIN count visits every matching row.
    return pgWordCount(
      field,
      text,
      field === "chat"
        ? sql`(SELECT count(*) FROM ticket_chat_words w WHERE w.words @@ ${query})`
        : sql`(SELECT count(*) FROM tickets WHERE ${pgWordVector(field)} @@ ${query})`,
    );
  }
  const table = sql.table(field === "chat" ? "ticket_chat_words" : "ticket_words");
  return sql`(SELECT count(*) FROM ${table} WHERE ${table} MATCH ${ftsWordQuery(field, text)})`;
}

// ---- Contains on name, e-mail and character name: through their distinct values (migration 0019)

/**
 * tickets.<column> contains text (any case): the trigram match (3 characters or more) or the
 * starts-with match (1 or 2) runs on the column's distinct values (a player's tickets repeat their
 * name and e-mail, so there are far fewer values than tickets), and the tickets are found by the
 * column's b-tree index.
 */
function ticketValueContains(
  engine: Engine,
  column: TicketExactColumn,
  text: string,
  probe: boolean,
): RawBuilder<boolean> {
  const values = textContains(
    engine,
    { table: "ticket_text_values", column: "value", fts: "ticket_text_values_fts" },
    text,
  );
  const ref = probe ? sql`+${sql.ref(`tickets.${column}`)}` : sql.ref(`tickets.${column}`);
  return sql<boolean>`${engine === "postgres" ? sql.ref(`tickets.${column}`) : ref} IN (SELECT ticket_text_values.value FROM ticket_text_values WHERE ticket_text_values.field = ${column} AND ${values})`;
}

/**
 * The distinct values table and its triggers: a value is added when a ticket first carries it and
 * never removed (a value no ticket carries any more matches no ticket).
 */
async function createValueIndexes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const id = engine === "postgres" ? "integer GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY" : "INTEGER PRIMARY KEY";
  await sql
    .raw(`CREATE TABLE ticket_text_values (id ${id}, field text NOT NULL, value text NOT NULL, UNIQUE (field, value))`)
    .execute(db);
  const fill = TICKET_EXACT_COLUMNS.map(
    (column) =>
      `INSERT INTO ticket_text_values (field, value) SELECT DISTINCT '${column}', ${column} FROM tickets WHERE ${column} IS NOT NULL`,
  );
  for (const statement of fill) await sql.raw(statement).execute(db);
  // Starts-with (1 or 2 characters) on the values, as textStartsWith writes it.
  const ops = engine === "postgres" ? " text_pattern_ops" : "";
  await sql.raw(`CREATE INDEX ticket_text_values_lower ON ticket_text_values (field, lower(value)${ops})`).execute(db);
  const adds = (row: "NEW" | "new") =>
    TICKET_EXACT_COLUMNS.map(
      (column) =>
        `INSERT INTO ticket_text_values (field, value) SELECT '${column}', ${row}.${column} WHERE ${row}.${column} IS NOT NULL ${engine === "postgres" ? "ON CONFLICT DO NOTHING" : "ON CONFLICT (field, value) DO NOTHING"};`,
    ).join("\n");
  if (engine === "postgres") {
    const opclass = sql.raw(`${quoteIdent(await trigramSchema(db))}.gin_trgm_ops`);
    await sql`CREATE INDEX ticket_text_values_trgm ON ticket_text_values USING gin (value ${opclass})`.execute(db);
    await sql
      .raw(`CREATE FUNCTION ticket_text_values_add() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        ${adds("NEW")}
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ticket_text_values_insert AFTER INSERT OR UPDATE OF ${TICKET_EXACT_COLUMNS.join(", ")} ON tickets
      FOR EACH ROW EXECUTE FUNCTION ticket_text_values_add()`)
      .execute(db);
    return;
  }
  await sql
    .raw(`CREATE TRIGGER ticket_text_values_insert AFTER INSERT ON tickets BEGIN ${adds("new")} END`)
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER ticket_text_values_update AFTER UPDATE OF ${TICKET_EXACT_COLUMNS.join(", ")} ON tickets BEGIN ${adds("new")} END`,
    )
    .execute(db);
  for (const statement of ftsStatements({ table: "ticket_text_values", contains: ["value"], exact: [] })) {
    await sql.raw(statement).execute(db);
  }
}

/** SQLite's word tokenizer: Unicode words, diacritics folded (as the query side does). */
const WORD_TOKENIZER = "unicode61 remove_diacritics 2";

/**
 * The word indexes (migration 0019).
 * - SQLite: `ticket_words`, an external-content FTS5 table of subject and description kept by
 *   triggers; `ticket_chat_words`, a contentless FTS5 table with one document per ticket (rowid =
 *   ticket id) holding its chat's visible messages, rebuilt by triggers when a message of the
 *   ticket is written, edited or deleted. One document per ticket makes a match count a ticket
 *   count, read from the index alone.
 * - PostgreSQL: GIN indexes on the subject's and the description's word vectors; the table
 *   `ticket_chat_words` (one row per ticket, its chat's distinct words, without positions, so it
 *   stays small) with a GIN index, appended to by a trigger on each new message and rebuilt on an
 *   edit or a delete. The triggers are deferred to the commit: a message's transaction then locks
 *   the ticket (its guarded UPDATE) before the ticket's word row, in the same order as a status
 *   action that writes its system line after the UPDATE, so the two never deadlock.
 */
export async function createWordIndexes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await createValueIndexes(db, engine);
  if (engine === "postgres") {
    for (const field of ["subject", "description"] as const) {
      await sql`CREATE INDEX ${sql.id(`tickets_${field}_words`)} ON tickets USING gin (to_tsvector('simple'::regconfig, coalesce(${sql.id(field)}, '')))`.execute(
        db,
      );
    }
    const statements = [
      `CREATE TABLE ticket_chat_words (
         ticket_id integer PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
         words tsvector NOT NULL)`,
      `INSERT INTO ticket_chat_words (ticket_id, words)
         SELECT ticket_id, strip(to_tsvector('simple'::regconfig, string_agg(message, ' ')))
         FROM chat_messages WHERE deleted = 0 AND message IS NOT NULL GROUP BY ticket_id`,
      `CREATE INDEX ticket_chat_words_gin ON ticket_chat_words USING gin (words)`,
      `CREATE FUNCTION ticket_chat_words_append() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         IF NEW.deleted = 0 AND coalesce(NEW.message, '') <> '' THEN
           INSERT INTO ticket_chat_words (ticket_id, words)
             VALUES (NEW.ticket_id, strip(to_tsvector('simple'::regconfig, NEW.message)))
           ON CONFLICT (ticket_id) DO UPDATE SET words = ticket_chat_words.words || EXCLUDED.words;
         END IF;
         RETURN NULL;
       END $$`,
      `CREATE FUNCTION ticket_chat_words_rebuild() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         -- An upsert: a message restored on a ticket that had no visible line yet has no row. No
         -- row for a ticket deleted in the same transaction (its messages went with it).
         INSERT INTO ticket_chat_words (ticket_id, words)
           SELECT t.id, coalesce(
             (SELECT strip(to_tsvector('simple'::regconfig, string_agg(message, ' ')))
                FROM chat_messages WHERE ticket_id = t.id AND deleted = 0 AND message IS NOT NULL),
             ''::tsvector)
           FROM tickets t WHERE t.id = OLD.ticket_id
         ON CONFLICT (ticket_id) DO UPDATE SET words = EXCLUDED.words;
         RETURN NULL;
       END $$`,
      `CREATE CONSTRAINT TRIGGER ticket_chat_words_insert AFTER INSERT ON chat_messages
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ticket_chat_words_append()`,
      `CREATE CONSTRAINT TRIGGER ticket_chat_words_update AFTER UPDATE OF message, deleted ON chat_messages
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ticket_chat_words_rebuild()`,
      `CREATE CONSTRAINT TRIGGER ticket_chat_words_delete AFTER DELETE ON chat_messages
         DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ticket_chat_words_rebuild()`,
    ];
    for (const statement of statements) await sql.raw(statement).execute(db);
    return;
  }
  for (const statement of ftsStatements(
    { table: "tickets", contains: ["subject", "description"], exact: [] },
    {
      name: "ticket_words",
      tokenize: WORD_TOKENIZER,
      detail: "column",
    },
  )) {
    await sql.raw(statement).execute(db);
  }
  const rebuild = (ticket: string) => `
    DELETE FROM ticket_chat_words WHERE rowid = ${ticket};
    INSERT INTO ticket_chat_words (rowid, message)
      SELECT ${ticket}, group_concat(message, ' ') FROM chat_messages
      WHERE ticket_id = ${ticket} AND deleted = 0 AND message IS NOT NULL HAVING count(*) > 0;`;
  const statements = [
    `CREATE VIRTUAL TABLE ticket_chat_words USING fts5(message, content='', contentless_delete=1, tokenize='${WORD_TOKENIZER}', detail=none)`,
    `INSERT INTO ticket_chat_words (rowid, message)
       SELECT ticket_id, group_concat(message, ' ') FROM chat_messages
       WHERE deleted = 0 AND message IS NOT NULL GROUP BY ticket_id`,
    `CREATE TRIGGER ticket_chat_words_insert AFTER INSERT ON chat_messages WHEN new.deleted = 0 BEGIN ${rebuild("new.ticket_id")} END`,
    `CREATE TRIGGER ticket_chat_words_update AFTER UPDATE OF message, deleted ON chat_messages BEGIN ${rebuild("new.ticket_id")} END`,
    `CREATE TRIGGER ticket_chat_words_delete AFTER DELETE ON chat_messages BEGIN ${rebuild("old.ticket_id")} END`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}

// ---- the indexes (migrations 0008 and 0013)

/**
 * The engine-specific objects of the search (SQLite's FTS5 tables and their shadow tables,
 * PostgreSQL's trigram indexes, word counters and day counts, the lower-case expression indexes):
 * the schema comparison of the two engines leaves them out, they differ by design.
 */
export function isTextSearchObject(name: string): boolean {
  return (
    /^(tickets|chat_messages|users|characters)_fts(_|$)/.test(name) ||
    /^ticket_(chat_)?words(_|$)/.test(name) ||
    /^word_count(s|_deltas)(_|$)/.test(name) ||
    /^ticket_update_day(s|_deltas)(_|$)/.test(name) ||
    /^ticket_text_values(_|$)/.test(name) ||
    /^ticket_texts(_|$)/.test(name) ||
    /^tickets_\w+_words$/.test(name) ||
    /_trgm$/.test(name) ||
    /^(tickets|users|characters)_\w+_lower$/.test(name)
  );
}

/** The schema that holds pg_trgm, creating the extension in `public` when it is missing. */
async function trigramSchema(db: Kysely<unknown>): Promise<string> {
  const find = async () =>
    (
      await sql<{
        schema: string;
      }>`SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`.execute(
        db,
      )
    ).rows[0]?.schema;
  const existing = await find();
  if (existing) return existing;
  try {
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public`.execute(db);
  } catch (error) {
    // Two migrations racing (parallel test suites): the other one created it.
    const again = await find();
    if (again) return again;
    throw error;
  }
  return (await find()) ?? "public";
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The text-search indexes of one table: which columns take Contains, which also Exact. */
interface TextIndexPlan {
  table: string;
  /** Trigram-indexed columns (PostgreSQL: one GIN index each; SQLite: one FTS5 table of them all). */
  contains: readonly string[];
  /** Columns with a lower-case b-tree index (Exact and short Contains). */
  exact: readonly string[];
}

/** How an FTS5 table tokenizes: trigrams (substring search, the default) or words. */
interface FtsOptions {
  name: string;
  tokenize: string;
  detail?: "full" | "column";
}

/** SQLite: an external-content FTS5 table (`{table}_fts`, trigrams by default) kept in sync by triggers. */
function ftsStatements(
  { table, contains }: TextIndexPlan,
  { name: fts, tokenize, detail = "full" }: FtsOptions = { name: `${table}_fts`, tokenize: "trigram" },
): string[] {
  const columns = contains.join(", ");
  const newValues = contains.map((c) => `new.${c}`).join(", ");
  const oldValues = contains.map((c) => `old.${c}`).join(", ");
  return [
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns}, content='${table}', content_rowid='id', tokenize='${tokenize}', detail=${detail})`,
    `CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${table} BEGIN
       INSERT INTO ${fts}(rowid, ${columns}) VALUES (new.id, ${newValues});
     END`,
    `CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${table} BEGIN
       INSERT INTO ${fts}(${fts}, rowid, ${columns}) VALUES ('delete', old.id, ${oldValues});
     END`,
    // Only when a searched text changes: status, assignee and time updates leave the index alone.
    `CREATE TRIGGER ${fts}_update AFTER UPDATE OF ${columns} ON ${table} BEGIN
       INSERT INTO ${fts}(${fts}, rowid, ${columns}) VALUES ('delete', old.id, ${oldValues});
       INSERT INTO ${fts}(rowid, ${columns}) VALUES (new.id, ${newValues});
     END`,
    `INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`,
  ];
}

async function createTextIndexes(db: Kysely<unknown>, engine: Engine, plans: TextIndexPlan[]): Promise<void> {
  const opclass = engine === "postgres" ? sql.raw(`${quoteIdent(await trigramSchema(db))}.gin_trgm_ops`) : undefined;
  for (const plan of plans) {
    const table = sql.table(plan.table);
    for (const column of plan.exact) {
      const name = sql.id(`${plan.table}_${column}_lower`);
      const ops = engine === "postgres" ? sql` text_pattern_ops` : sql``;
      await sql`CREATE INDEX ${name} ON ${table} (lower(${sql.id(column)})${ops})`.execute(db);
    }
    if (opclass) {
      for (const column of plan.contains) {
        const name = sql.id(`${plan.table}_${column}_trgm`);
        await sql`CREATE INDEX ${name} ON ${table} USING gin (${sql.id(column)} ${opclass})`.execute(db);
      }
    } else {
      for (const statement of ftsStatements(plan)) await sql.raw(statement).execute(db);
    }
  }
}

/**
 * PostgreSQL (migration 0028): `ticket_texts`, a copy of each ticket's subject and description
 * with their trigram indexes, which `tickets` no longer carries (their word indexes stay on
 * `tickets`: a word query is the common one, and its plans were measured there). A trigger keeps
 * it: on a ticket's insert, and on an update that sets subject or description (a chat message's
 * UPDATE of the ticket sets neither, and so writes nothing here). A ticket's row goes with the
 * ticket. The trigger comes before the copy: it locks `tickets` against writers until the
 * migration commits, so that no ticket written meanwhile (another node still on the old version)
 * is missed between the two.
 */
export async function createTicketTexts(db: Kysely<unknown>): Promise<void> {
  const opclass = sql.raw(`${quoteIdent(await trigramSchema(db))}.gin_trgm_ops`);
  await sql`CREATE TABLE ticket_texts (
    ticket_id integer PRIMARY KEY REFERENCES tickets (id) ON DELETE CASCADE,
    subject text NOT NULL,
    description text NOT NULL
  )`.execute(db);
  await sql`CREATE FUNCTION ticket_texts_copy() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO ticket_texts (ticket_id, subject, description) VALUES (NEW.id, NEW.subject, NEW.description)
      ON CONFLICT (ticket_id) DO UPDATE SET subject = EXCLUDED.subject, description = EXCLUDED.description;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER ticket_texts_copy AFTER INSERT OR UPDATE OF subject, description ON tickets
    FOR EACH ROW EXECUTE FUNCTION ticket_texts_copy()`.execute(db);
  await sql`INSERT INTO ticket_texts (ticket_id, subject, description) SELECT id, subject, description FROM tickets`.execute(
    db,
  );
  for (const field of ["subject", "description"] as const) {
    await sql`CREATE INDEX ${sql.id(`ticket_texts_${field}_trgm`)} ON ticket_texts USING gin (${sql.id(field)} ${opclass})`.execute(
      db,
    );
  }
  await sql`ANALYZE ticket_texts`.execute(db);
}

/** Creates the text-search indexes of tickets and chat messages (migration 0008). */
export function createTextSearchIndexes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  return createTextIndexes(db, engine, [
    { table: "tickets", contains: TICKET_TEXT_COLUMNS, exact: TICKET_EXACT_COLUMNS },
    { table: "chat_messages", contains: ["message"], exact: [] },
  ]);
}

// ---- the player search (spec/3-staff-administration.md §2.3; migration 0013)

/** The player search's text boxes: name and e-mail of the account, the name of any character. */
export const PLAYER_TEXT_TARGETS = {
  name: { table: "users", column: "name", fts: "users_fts" },
  email: { table: "users", column: "email", fts: "users_fts" },
  character_name: { table: "characters", column: "character_name", fts: "characters_fts" },
} as const satisfies Record<string, TextTarget>;

/** Creates the text-search indexes of accounts and characters (migration 0013). */
export function createPlayerTextIndexes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  return createTextIndexes(db, engine, [
    { table: "users", contains: ["name", "email"], exact: ["name", "email"] },
    { table: "characters", contains: ["character_name"], exact: ["character_name"] },
  ]);
}
