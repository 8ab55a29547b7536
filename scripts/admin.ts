/**
 * `npm run admin -- <command>`: account chores from the server's own shell, on the database the
 * server uses (DATA_DIR, or DATABASE_URL for PostgreSQL), also while the server runs.
 *
 *   reset-password <email>   prints a one-time link that sets the account's password
 *
 * Exit codes: 0 done, 1 refused or failed (unknown e-mail, no database), 2 wrong usage.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError, DEFAULT_DATA_DIR, loadConfig } from "../server/config.ts";
import { openDatabase, SQLITE_FILE } from "../server/db/database.ts";
import { PASSWORD_TOKEN_SECONDS } from "../server/repositories/passwordTokens.ts";
import { issuePasswordLink } from "../server/usecases/issuePasswordLink.ts";

const USAGE = "usage: npm run admin -- reset-password <email>";

/** A refusal whose message is all the person needs; `code` is the exit code. */
class AdminError extends Error {
  readonly code: 1 | 2;
  constructor(message: string, code: 1 | 2) {
    super(message);
    this.code = code;
  }
}

async function resetPassword(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  const [email, ...extra] = args;
  if (!email) throw new AdminError(`reset-password needs the account's e-mail\n${USAGE}`, 2);
  if (extra.length > 0) throw new AdminError(`reset-password takes one e-mail, not "${args.join(" ")}"\n${USAGE}`, 2);
  if (!env.DATABASE_URL) {
    // Asked before loadConfig, which would create the folder and its secrets file.
    const file = path.join(path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR), SQLITE_FILE);
    if (!existsSync(file)) {
      throw new AdminError(
        `no help desk database at ${file}: start the server once (npm start), or set DATA_DIR (or DATABASE_URL) as the server has it`,
        1,
      );
    }
  }
  const config = loadConfig(env);
  const store = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    queryTimeoutMs: config.databaseQueryTimeoutMs,
  });
  try {
    const result = await issuePasswordLink(store.db, email);
    if (!result.issued) {
      const why = {
        unknown: `no account has the e-mail ${email}`,
        deleted: `the account of ${email} was deleted`,
        guest: `${email} only filed tickets as a guest: there is no account with a password`,
      }[result.reason];
      throw new AdminError(why, 1);
    }
    const site = config.publicUrl ?? `http://localhost:${config.port}`;
    const days = PASSWORD_TOKEN_SECONDS / 86_400;
    console.log(`Open this link to set a new password for ${result.email} (once, within ${days} days):`);
    console.log(`${site}/setup-password/${result.token}`);
    console.log("The current password works until then; setting the new one signs the account out everywhere.");
  } finally {
    await store.close();
  }
}

export async function runAdmin(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const [command, ...rest] = args;
  if (command === "reset-password") return resetPassword(rest, env);
  if (command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return;
  }
  throw new AdminError(command ? `unknown command "${command}"\n${USAGE}` : USAGE, 2);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runAdmin(process.argv.slice(2)).then(
    () => process.exit(0),
    (error) => {
      if (error instanceof AdminError) {
        console.error(error.message);
        process.exit(error.code);
      }
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    },
  );
}
