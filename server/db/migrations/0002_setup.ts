/**
 * What staff configure (spec/3-staff-administration.md §2.4): categories, priorities, servers, quick replies, fast-action
 * excuses and small settings; plus who handles what (staff responsibilities) and the members'
 * game characters, which point at servers.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { BOOL, EPOCH, withId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Categories, priorities and servers are soft-deleted: the spec keeps deleted ones in a separate
  // list and old tickets still point at them.
  await withId(db.schema.createTable("categories"), engine)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("style", "text", (c) => c.notNull().defaultTo(""))
    // JSON object: language code -> title in that language.
    .addColumn("locales", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("disabled", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("has_violaters_form", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("deleted", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("deleted_at", EPOCH)
    .execute();
  await db.schema.createIndex("categories_deleted_value").on("categories").columns(["deleted", "value"]).execute();

  await withId(db.schema.createTable("priorities"), engine)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("style", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_default", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("deleted", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("deleted_at", EPOCH)
    .execute();

  await withId(db.schema.createTable("servers"), engine)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("style", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("deleted", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("deleted_at", EPOCH)
    .execute();

  // Staff responsibilities: which categories and servers an employee handles. The second-column
  // indexes answer "which employees handle category X on server Y" for assignment.
  await db.schema
    .createTable("user_categories")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_categories_pk", ["user_id", "category_id"])
    .execute();
  await db.schema.createIndex("user_categories_category").on("user_categories").column("category_id").execute();

  await db.schema
    .createTable("user_servers")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("server_id", "integer", (c) => c.notNull().references("servers.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("user_servers_pk", ["user_id", "server_id"])
    .execute();
  await db.schema.createIndex("user_servers_server").on("user_servers").column("server_id").execute();

  await withId(db.schema.createTable("characters"), engine)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("character_name", "text", (c) => c.notNull())
    .addColumn("character_level", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("server_id", "integer", (c) => c.notNull().references("servers.id"))
    .execute();
  await db.schema.createIndex("characters_user").on("characters").column("user_id").execute();
  await db.schema
    .createIndex("characters_server_name")
    .on("characters")
    .columns(["server_id", "character_name"])
    .execute();
  // The player search filters by character name without a server (spec/3-staff-administration.md §2.3).
  await db.schema.createIndex("characters_name").on("characters").column("character_name").execute();

  await withId(db.schema.createTable("quick_replies"), engine)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .execute();
  // A join table rather than a JSON list: the ticket page asks "replies for category X".
  await db.schema
    .createTable("quick_reply_categories")
    .addColumn("quick_reply_id", "integer", (c) => c.notNull().references("quick_replies.id").onDelete("cascade"))
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("quick_reply_categories_pk", ["quick_reply_id", "category_id"])
    .execute();
  await db.schema
    .createIndex("quick_reply_categories_category")
    .on("quick_reply_categories")
    .column("category_id")
    .execute();

  await withId(db.schema.createTable("fast_action_excuses"), engine)
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("excuse", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("fast_action_excuses_action")
    .on("fast_action_excuses")
    .columns(["action", "value"])
    .execute();

  // Small settings that staff may change at run time (e.g. the member active-ticket cap).
  await db.schema
    .createTable("app_settings")
    .addColumn("key", "text", (c) => c.primaryKey().notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();
}
