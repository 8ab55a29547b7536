/**
 * Uploaded files: who sent them and which ticket they now belong to. Downloads are authorised
 * through this table (a file is visible to whoever may see its ticket, and to its uploader before
 * it is attached), and the attachment clean-up finds files by ticket here.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { EPOCH } from "../dialect.ts";

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  await db.schema
    .createTable("uploads")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ticket_id", "integer", (c) => c.references("tickets.id").onDelete("set null"))
    .addColumn("mime", "text", (c) => c.notNull())
    .addColumn("size", EPOCH, (c) => c.notNull())
    .addColumn("original_name", "text", (c) => c.notNull())
    .addColumn("created_at", EPOCH, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("uploads_ticket").on("uploads").column("ticket_id").execute();
  await db.schema.createIndex("uploads_user_ticket").on("uploads").columns(["user_id", "ticket_id"]).execute();
}
