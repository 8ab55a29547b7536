/**
 * One temporary identity per temporary ticket (docs/decisions/player-side.md): two filings with the same
 * e-mail no longer share a users row, so the (e-mail, type) key stays unique for members only.
 */
import { type Kysely, sql } from "kysely";
import type { Engine } from "../database.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema.dropIndex("users_email_type_unique").execute();
  await db.schema
    .createIndex("users_member_email_unique")
    .on("users")
    .column("email")
    .unique()
    .where(sql.ref("type"), "=", "normal")
    .execute();
  await db.schema.createIndex("users_email_type").on("users").columns(["email", "type"]).execute();
}
