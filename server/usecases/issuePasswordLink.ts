/**
 * A one-time set-password token for an account named by e-mail, for `npm run admin --
 * reset-password`: the way back in for an admin who lost the password, with no one signed in to
 * ask. The token is the one of the /setup-password/{token} page (7 days, used once); the current
 * password keeps working until the link is used, and using it ends every session of the account.
 */
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { createPasswordToken } from "../repositories/passwordTokens.ts";

export type PasswordLinkResult =
  | { issued: true; email: string; token: string }
  /** unknown: no account has the e-mail; deleted: its account was deleted; guest: a temporary account, which has no password. */
  | { issued: false; reason: "unknown" | "deleted" | "guest" };

export async function issuePasswordLink(db: Kysely<Database>, email: string): Promise<PasswordLinkResult> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "email", "type", "deleted"])
    .where("email", "=", email.trim().toLowerCase())
    .execute();
  // One account per e-mail, beside any number of temporary identities of guests' tickets.
  const user = rows.find((row) => row.type === "normal");
  if (!user) return { issued: false, reason: rows.length > 0 ? "guest" : "unknown" };
  if (user.deleted) return { issued: false, reason: "deleted" };
  return { issued: true, email: user.email, token: await createPasswordToken(db, user.id) };
}
