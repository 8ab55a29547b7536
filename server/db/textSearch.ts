/**
 * The text-search dialect of the staff ticket search (spec 2 §2, §7) and the player search (spec 3
 * §2.3), in one module: how a Contains or Exact match on a ticket's text fields, a Contains match on
 * its chat messages, and a match on a player's name, e-mail or character name is written for each
 * engine, and the indexes that make them fast (migrations 0008 and 0013).
 *
 * - Contains (3 characters or more): trigram indexes. PostgreSQL: `col ILIKE '%text%'` served by a
 *   pg_trgm GIN index on the column. SQLite: an FTS5 table with the `trigram` tokenizer (external
 *   content, kept in sync by triggers), queried with a phrase (a trigram phrase is a substring).
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
import type { Engine } from "./database.ts";

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

/** tickets.<column> contains text (any case). */
export function ticketContains(engine: Engine, column: TicketTextColumn, text: string): RawBuilder<boolean> {
  const prefix = (TICKET_EXACT_COLUMNS as readonly string[]).includes(column);
  return textContains(engine, ticketTarget(column), text, prefix);
}

/** tickets.<column> starts with text (any case), on the lower-case b-tree index. */
export function ticketStartsWith(engine: Engine, column: TicketExactColumn, text: string): RawBuilder<boolean> {
  return textStartsWith(engine, ticketTarget(column), text);
}

/** tickets.<column> equals text (any case, Unicode on both engines). */
export function ticketExact(engine: Engine, column: TicketExactColumn, text: string): RawBuilder<boolean> {
  const ref = sql.ref(`tickets.${column}`);
  if (engine === "postgres") return sql<boolean>`lower(${ref}) = lower(${text})`;
  return sql<boolean>`${sql.raw(UNICODE_LOWER)}(${ref}) = ${foldCase(text)}`;
}

// ---- Exact on SQLite: Unicode case folding (part chatfold)

/** The SQLite function that folds case as PostgreSQL's lower() does (registered per connection). */
export const UNICODE_LOWER = "unicode_lower";

/**
 * Lower case, one code point at a time: the simple case mapping that PostgreSQL's lower() applies
 * (libc, UTF-8), so 'İ' becomes 'i' (not 'i̇') and a final 'Σ' becomes 'σ' (not 'ς'), as there.
 */
export function foldCase(text: string): string {
  let folded = "";
  for (const char of text) folded += char === "\u0130" ? "i" : char.toLowerCase();
  return folded;
}

/**
 * Registers unicode_lower() on a SQLite connection. Every connection that writes tickets needs it:
 * the Exact indexes of migration 0018 are built on it.
 */
export function registerTextFunctions(sqlite: SQLite.Database): void {
  sqlite.function(UNICODE_LOWER, { deterministic: true }, (value: unknown) =>
    typeof value === "string" ? foldCase(value) : value,
  );
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

// ---- the indexes (migrations 0008 and 0013)

/**
 * The engine-specific objects of text search (SQLite's FTS5 tables and their shadow tables,
 * PostgreSQL's trigram indexes, the lower-case expression indexes): the schema comparison of the
 * two engines leaves them out, they differ by design.
 */
export function isTextSearchObject(name: string): boolean {
  return (
    /^(tickets|chat_messages|users|characters)_fts(_|$)/.test(name) ||
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

/** SQLite: an external-content FTS5 trigram table `{table}_fts` kept in sync by triggers. */
function ftsStatements({ table, contains }: TextIndexPlan): string[] {
  const fts = `${table}_fts`;
  const columns = contains.join(", ");
  const newValues = contains.map((c) => `new.${c}`).join(", ");
  const oldValues = contains.map((c) => `old.${c}`).join(", ");
  return [
    `CREATE VIRTUAL TABLE ${fts} USING fts5(${columns}, content='${table}', content_rowid='id', tokenize='trigram')`,
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

/** Creates the text-search indexes of tickets and chat messages (migration 0008). */
export function createTextSearchIndexes(db: Kysely<unknown>, engine: Engine): Promise<void> {
  return createTextIndexes(db, engine, [
    { table: "tickets", contains: TICKET_TEXT_COLUMNS, exact: TICKET_EXACT_COLUMNS },
    { table: "chat_messages", contains: ["message"], exact: [] },
  ]);
}

// ---- the player search (spec 3 §2.3; migration 0013)

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
