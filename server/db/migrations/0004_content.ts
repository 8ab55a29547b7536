/**
 * Content staff write for others to read (spec/1-product-frame.md §3, spec/3-staff-administration.md §3): player and employee
 * announcements with their read records, FAQs, the changelog, and the developers' to-do board.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { BOOL, EPOCH, withId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Player announcements carry English text for every language but tr (spec/1-product-frame.md §9).
  await withId(db.schema.createTable("announcements"), engine)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("eng_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("eng_message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("start_date", EPOCH, (c) => c.notNull())
    // Null = indefinite.
    .addColumn("end_date", EPOCH)
    .addColumn("active", BOOL, (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", EPOCH, (c) => c.notNull())
    .execute();
  await readsTable(db, "announcement_reads", "announcements");

  await withId(db.schema.createTable("employee_announcements"), engine)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("start_date", EPOCH, (c) => c.notNull())
    .addColumn("end_date", EPOCH)
    .addColumn("active", BOOL, (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", EPOCH, (c) => c.notNull())
    .execute();
  await readsTable(db, "employee_announcement_reads", "employee_announcements");

  await withId(db.schema.createTable("faqs"), engine)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("eng_title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("eng_message", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("value", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db.schema.createTable("changelogs"), engine)
    // The date the entry speaks about; null when the author left it empty (spec/3-staff-administration.md §5).
    .addColumn("date", EPOCH)
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("created_at", EPOCH, (c) => c.notNull())
    .execute();

  await withId(db.schema.createTable("todos"), engine)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("field", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("done", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("timestamp", EPOCH, (c) => c.notNull())
    .execute();
  await db.schema.createIndex("todos_user_done").on("todos").columns(["user_id", "done"]).execute();
}

/** A read record: which user has read which announcement. */
async function readsTable(db: Kysely<unknown>, name: string, parent: string): Promise<void> {
  await db.schema
    .createTable(name)
    .addColumn("announcement_id", "integer", (c) => c.notNull().references(`${parent}.id`).onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addPrimaryKeyConstraint(`${name}_pk`, ["announcement_id", "user_id"])
    .execute();
  await db.schema.createIndex(`${name}_user`).on(name).column("user_id").execute();
}
