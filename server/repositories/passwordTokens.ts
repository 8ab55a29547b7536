/** One-time set-password tokens: stored as sha256, valid for a limited time, used once. */
import type { Kysely } from "kysely";
import { nowSeconds, randomToken, sha256 } from "../auth/tokens.ts";
import type { Database } from "../db/schema.ts";

/** A set-up link stays valid for 7 days: long enough for a new colleague to find the mail. */
export const PASSWORD_TOKEN_SECONDS = 7 * 86_400;

export async function createPasswordToken(db: Kysely<Database>, userId: number): Promise<string> {
  const token = randomToken(24);
  const now = nowSeconds();
  await db
    .insertInto("password_tokens")
    .values({
      token_hash: sha256(token),
      user_id: userId,
      created_at: now,
      expires_at: now + PASSWORD_TOKEN_SECONDS,
      used_at: null,
    })
    .execute();
  return token;
}

export async function isPasswordTokenValid(db: Kysely<Database>, token: string, now: number): Promise<boolean> {
  const row = await db
    .selectFrom("password_tokens")
    .select("user_id")
    .where("token_hash", "=", sha256(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
  return row !== undefined;
}

/** Marks the token used and answers its user, or undefined when it was not (or no longer) valid. */
export async function consumePasswordToken(
  db: Kysely<Database>,
  token: string,
  now: number,
): Promise<number | undefined> {
  const row = await db
    .updateTable("password_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", sha256(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id;
}
