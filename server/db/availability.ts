/**
 * Tells a database that is away (PostgreSQL restarting or unreachable, the SQLite file held by
 * another program past LOCK_WAIT_MS) from a bug. Such a failure answers 503 `database_unavailable`
 * with `detail`, the node stays up, and the pool connects again by itself once the database is back.
 */

/** Node's socket errors met while connecting to, or talking with, a database server. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
]);

/**
 * PostgreSQL SQLSTATEs of a server that is going away or not taking connections: class 08
 * (connection exception), admin/crash shutdown, "cannot connect now" (starting up or in recovery)
 * and "too many connections".
 */
const POSTGRES_STATES = new Set(["57P01", "57P02", "57P03", "53300"]);

/** What node-postgres throws without a code when the connection drops or cannot be made in time. */
const POSTGRES_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /Client has encountered a connection error/,
  /Cannot use a pool after calling end/,
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    if (NETWORK_CODES.has(code) || POSTGRES_STATES.has(code) || /^08[0-9A-Z]{3}$/.test(code)) return true;
    // better-sqlite3: another program held the file past the driver's wait (sqliteDriver.ts).
    if (code.startsWith("SQLITE_BUSY")) return true;
  }
  if (typeof message === "string" && POSTGRES_MESSAGES.some((pattern) => pattern.test(message))) return true;
  // An AggregateError (several addresses refused) carries its causes in `errors`.
  const nested = (error as { errors?: unknown }).errors;
  return Array.isArray(nested) && nested.length > 0 && nested.every(isDatabaseUnavailable);
}
