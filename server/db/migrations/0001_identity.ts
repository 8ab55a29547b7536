/** Users, sessions, permissions, preferences, password tokens and used captcha challenges. */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { BOOL, EPOCH, withId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(db.schema.createTable("users"), engine)
    .addColumn("class", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull().defaultTo("normal"))
    .addColumn("rank", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("password_hash", "text")
    .addColumn("avatar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("language", "text", (c) => c.notNull().defaultTo("en"))
    .addColumn("disabled", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("disabled_until", EPOCH, (c) => c.notNull().defaultTo(0))
    .addColumn("banned", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("banned_until", EPOCH, (c) => c.notNull().defaultTo(0))
    .addColumn("deleted", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", EPOCH, (c) => c.notNull())
    .addColumn("updated_at", EPOCH, (c) => c.notNull())
    .execute();
  // A temporary user (type temp) is keyed by e-mail apart from a member with the same address.
  await db.schema.createIndex("users_email_type_unique").on("users").columns(["email", "type"]).unique().execute();
  await db.schema.createIndex("users_class_rank").on("users").columns(["class", "rank"]).execute();
  await db.schema.createIndex("users_name").on("users").column("name").execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("ticket_id", "integer")
    .addColumn("created_at", EPOCH, (c) => c.notNull())
    .addColumn("last_seen_at", EPOCH, (c) => c.notNull())
    .addColumn("expires_at", EPOCH, (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  await db.schema.createIndex("sessions_user").on("sessions").column("user_id").execute();
  await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();

  await db.schema
    .createTable("rank_permissions")
    .addColumn("rank", "text", (c) => c.notNull())
    .addColumn("permission", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("rank_permissions_pk", ["rank", "permission"])
    .execute();

  await db.schema
    .createTable("user_permissions")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("permission", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("user_permissions_pk", ["user_id", "permission"])
    .execute();

  await db.schema
    .createTable("user_preferences")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("redirect_after_ticket_complete", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("notification_sound_on", BOOL, (c) => c.notNull().defaultTo(1))
    .addColumn("enable_desktop_notifications", BOOL, (c) => c.notNull().defaultTo(1))
    .addColumn("remove_all_chats_button", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("ticket_history_page_size", "integer", (c) => c.notNull().defaultTo(25))
    .addColumn("updated_at", EPOCH, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("password_tokens")
    .addColumn("token_hash", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", EPOCH, (c) => c.notNull())
    .addColumn("expires_at", EPOCH, (c) => c.notNull())
    .addColumn("used_at", EPOCH)
    .execute();
  await db.schema.createIndex("password_tokens_user").on("password_tokens").column("user_id").execute();

  await db.schema
    .createTable("used_captcha_challenges")
    .addColumn("signature", "text", (c) => c.primaryKey())
    .addColumn("expires_at", EPOCH, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("used_captcha_expires").on("used_captcha_challenges").column("expires_at").execute();
}
