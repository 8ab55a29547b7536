/**
 * What the first-run checklist reads of the help desk (docs/decisions/first-start.md): each
 * answer is one indexed probe or a read of a small setup table.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

type Db = Kysely<Database>;

/** Whether any employee besides `userId` exists (disabled ones count: they were invited). */
export async function otherStaffExists(db: Db, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("class", "=", "dev")
    .where("deleted", "=", 0)
    .where("id", "!=", userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any player account exists: they come from the game (member API or import). */
export async function memberExists(db: Db): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where("class", "=", "user")
    .where("type", "=", "normal")
    .where("deleted", "=", 0)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether any ticket was ever filed, by a player or a visitor. */
export async function ticketExists(db: Db): Promise<boolean> {
  const row = await db.selectFrom("tickets").select("id").limit(1).executeTakeFirst();
  return row !== undefined;
}

export interface SetupEntry {
  title: string;
  deleted: boolean;
  disabled: boolean;
}

/** Every category and every server, deleted ones included: a few dozen rows. */
export async function setupEntries(db: Db): Promise<{ categories: SetupEntry[]; servers: SetupEntry[] }> {
  const [categories, servers] = await Promise.all([
    db.selectFrom("categories").select(["title", "deleted", "disabled"]).execute(),
    db.selectFrom("servers").select(["title", "deleted"]).execute(),
  ]);
  return {
    categories: categories.map((c) => ({ title: c.title, deleted: c.deleted === 1, disabled: c.disabled === 1 })),
    servers: servers.map((s) => ({ title: s.title, deleted: s.deleted === 1, disabled: false })),
  };
}
