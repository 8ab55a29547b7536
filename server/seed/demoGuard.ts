/**
 * What keeps `npm run demo` away from a real help desk: its own data folder unless DATA_DIR says
 * otherwise, and a refusal to add its accounts (a published password, an admin among them) to a
 * database that already holds accounts of real people (docs/decisions/first-start.md).
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** The demo's data folder when DATA_DIR is unset, beside the real default `./data`. */
export const DEMO_DATA_DIR = "./data-demo";

/**
 * Every account the demo creates has an address here (its cast, its archive players): `.test` is
 * reserved (RFC 2606), so no real person's address ends so.
 */
const DEMO_EMAIL_DOMAIN = "@demo.test";

/** The environment of a demo start: DATA_DIR defaults to the demo's own folder. */
export function demoEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.DATA_DIR ? env : { ...env, DATA_DIR: DEMO_DATA_DIR };
}

/**
 * Accounts of real people: every user row (staff, players, guests, deleted ones too) except the
 * demo's own (at DEMO_EMAIL_DOMAIN) and the first-start admin, which is the oldest row when it is
 * an admin. A database holding only that admin is a fresh install, the one a first `npm start`
 * leaves.
 */
export async function countRealAccounts(db: Kysely<Database>): Promise<number> {
  const oldest = await db.selectFrom("users").select(["id", "class", "rank"]).orderBy("id").limit(1).executeTakeFirst();
  const firstAdminId = oldest?.class === "dev" && oldest.rank === "admin" ? oldest.id : undefined;
  let query = db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("n"))
    .where("email", "not like", `%${DEMO_EMAIL_DOMAIN}`);
  if (firstAdminId !== undefined) query = query.where("id", "!=", firstAdminId);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The demo's accounts never belong to a production deployment, whatever its database holds. */
export const DEMO_IN_PRODUCTION =
  "refusing to add demo data when NODE_ENV=production: its accounts share a published password";

/**
 * Why the demo may not seed this database, as one line, or undefined when it may. `where` names
 * the database for the reader: the SQLite folder or "the PostgreSQL database of DATABASE_URL".
 */
export async function demoRefusal(db: Kysely<Database>, where: string): Promise<string | undefined> {
  const real = await countRealAccounts(db);
  if (real === 0) return undefined;
  return (
    `refusing to add demo data: ${where} holds ${real} account${real === 1 ? "" : "s"} ` +
    `besides the demo's and the first admin; run the demo on its own data (leave DATA_DIR and DATABASE_URL unset ` +
    `for ${DEMO_DATA_DIR}, or point them at an empty one)`
  );
}
