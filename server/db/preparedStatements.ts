/**
 * The statements PostgreSQL keeps prepared, per connection: the hot ones that `compiledOnce` builds
 * (a handful of fixed SQL texts that every chat message runs). A prepared statement is parsed and
 * analysed once per connection instead of on every call; PostgreSQL's own CPU per chat message
 * was about 2.6 ms, most of it such per-statement work. Every other statement stays unnamed, so
 * dynamic SQL (search filters, `in` lists) never fills a connection with statements.
 */
import { createHash } from "node:crypto";

const names = new Map<string, string>();

/** Asks for `sqlText` to run as a named statement on PostgreSQL (SQLite caches its own). */
export function prepareOnPostgres(sqlText: string): void {
  if (!names.has(sqlText)) names.set(sqlText, `hd_${createHash("sha1").update(sqlText).digest("hex").slice(0, 24)}`);
}

/** The name `sqlText` is prepared under, if it is one of them. */
export function preparedName(sqlText: string): string | undefined {
  return names.get(sqlText);
}

/**
 * PostgreSQL's refusal of a prepared statement whose result columns changed since it was prepared
 * (a migration by a newer node added a column to a table it reads with `*`): the statement must
 * be run unprepared instead.
 */
export function isStalePreparedStatement(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "0A000" && typeof message === "string" && message.includes("cached plan must not change result type");
}
