/**
 * The migrations build the same schema on SQLite and PostgreSQL, with the tables and indexes that
 * the ticket search, chat, notifications and sweeps rely on.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeSchema, EXPRESSION, type SchemaDescription } from "../test/describeSchema.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { freeTicketNumber } from "./ticketNumber.ts";

const EXPECTED_TABLES = [
  // identity
  "users",
  "sessions",
  "rank_permissions",
  "user_permissions",
  "user_preferences",
  "password_tokens",
  "used_captcha_challenges",
  // setup
  "categories",
  "priorities",
  "servers",
  "user_categories",
  "user_servers",
  "characters",
  "quick_replies",
  "quick_reply_categories",
  "fast_action_excuses",
  "app_settings",
  // ticket work
  "tickets",
  "chat_messages",
  "notes",
  "ban_logs",
  "notifications",
  "active_chats",
  // content
  "announcements",
  "announcement_reads",
  "employee_announcements",
  "employee_announcement_reads",
  "faqs",
  "changelogs",
  "todos",
  // uploads
  "uploads",
  "upload_deletions",
  // ticket numbers
  "ticket_number",
  // ticket counters
  "ticket_counts",
  "ticket_count_deltas",
  "stats_periods",
  "stats_state",
];

/** Indexes that queries depend on: name -> [table, columns, unique]. */
const EXPECTED_INDEXES: Record<string, [string, string[], boolean]> = {
  tickets_created_at_unique: ["tickets", ["created_at"], true],
  tickets_assignee_status_updated: ["tickets", ["assigned_to", "status", "last_updated"], false],
  tickets_assignee_updated: ["tickets", ["assigned_to", "last_updated", "id"], false],
  tickets_status_updated: ["tickets", ["status", "last_updated", "id"], false],
  tickets_active_updated: ["tickets", ["last_updated", "id"], false],
  tickets_user_created: ["tickets", ["user_id", "created_at"], false],
  tickets_email: ["tickets", ["email"], false],
  tickets_name: ["tickets", ["name"], false],
  tickets_character_name: ["tickets", ["character_name"], false],
  tickets_server_status: ["tickets", ["server_id", "status"], false],
  tickets_category_status: ["tickets", ["category_id", "status"], false],
  tickets_last_updated_id: ["tickets", ["last_updated", "id"], false],
  chat_messages_ticket: ["chat_messages", ["ticket_id", "id"], false],
  chat_messages_ticket_read: ["chat_messages", ["ticket_id", "read"], false],
  notes_ticket: ["notes", ["ticket_id", "id"], false],
  ban_logs_user: ["ban_logs", ["user_id"], false],
  ban_logs_email: ["ban_logs", ["email"], false],
  ban_logs_active_until: ["ban_logs", ["active", "until"], false],
  notifications_user_read_time: ["notifications", ["user_id", "read", "timestamp"], false],
  user_categories_category: ["user_categories", ["category_id"], false],
  user_servers_server: ["user_servers", ["server_id"], false],
  characters_user: ["characters", ["user_id"], false],
  characters_server_name: ["characters", ["server_id", "character_name"], false],
  quick_reply_categories_category: ["quick_reply_categories", ["category_id"], false],
  users_member_email_unique: ["users", ["email"], true],
  // staff names, unique in any case among active staff (0030)
  users_staff_name_unique: ["users", [EXPRESSION], true],
  users_email_type: ["users", ["email", "type"], false],
  uploads_ticket: ["uploads", ["ticket_id"], false],
  uploads_user_ticket: ["uploads", ["user_id", "ticket_id"], false],
  // the staff ticket search (0008)
  tickets_status_id: ["tickets", ["status", "id"], false],
  tickets_priority_id: ["tickets", ["priority_id", "id"], false],
  tickets_category_id: ["tickets", ["category_id", "id"], false],
  tickets_server_id: ["tickets", ["server_id", "id"], false],
  tickets_assigned_to_id: ["tickets", ["assigned_to", "id"], false],
  tickets_server_updated: ["tickets", ["server_id", "last_updated", "id"], false],
  tickets_server_category_status_updated: ["tickets", ["server_id", "category_id", "status", "last_updated"], false],
  tickets_category_updated: ["tickets", ["category_id", "last_updated", "id"], false],
  tickets_priority_updated: ["tickets", ["priority_id", "last_updated", "id"], false],
  notifications_user_type_ticket: ["notifications", ["user_id", "type", "ticket_id"], false],
  // the shared to-do board (0014)
  todos_done_timestamp: ["todos", ["done", "timestamp"], false],
  // the player search (0013)
  users_players: ["users", ["class", "type", "deleted", "banned", "banned_until"], false],
  characters_server_user: ["characters", ["server_id", "user_id"], false],
};

const EXPECTED_PRIMARY_KEYS: Record<string, string[]> = {
  user_categories: ["user_id", "category_id"],
  user_servers: ["user_id", "server_id"],
  active_chats: ["user_id", "ticket_id"],
  quick_reply_categories: ["quick_reply_id", "category_id"],
  announcement_reads: ["announcement_id", "user_id"],
  employee_announcement_reads: ["announcement_id", "user_id"],
  app_settings: ["key"],
  tickets: ["id"],
  ticket_counts: ["status", "category_id"],
  stats_periods: ["series", "lo", "hi"],
  stats_state: ["id"],
};

const descriptions = new Map<string, SchemaDescription>();

describe.each(ENGINES)("schema on %s", (engine) => {
  let store: TestStore;
  let schema: SchemaDescription;
  beforeAll(async () => {
    store = await createTestStore(engine);
    schema = await describeSchema(store);
    descriptions.set(engine, schema);
  });
  afterAll(() => store.close());

  it("has exactly the expected tables", () => {
    expect(Object.keys(schema.tables).sort()).toEqual([...EXPECTED_TABLES].sort());
  });

  it("has the indexes the queries rely on", () => {
    for (const [name, [table, columns, unique]] of Object.entries(EXPECTED_INDEXES)) {
      expect(schema.indexes[name], name).toEqual({ table, columns, unique });
    }
  });

  it("drops the ticket indexes that longer ones start with (each costs every chat message, 0027)", () => {
    expect(schema.indexes.tickets_last_updated).toBeUndefined();
    expect(schema.indexes.tickets_priority).toBeUndefined();
  });

  it("has the expected primary keys", () => {
    for (const [table, key] of Object.entries(EXPECTED_PRIMARY_KEYS)) {
      expect(schema.tables[table]?.primaryKey, table).toEqual(key);
    }
  });

  it("uses only integer, bigint and text columns", () => {
    const types = new Set(Object.values(schema.tables).flatMap((t) => Object.values(t.columns).map((c) => c.type)));
    expect([...types].sort()).toEqual(["bigint", "integer", "text"]);
  });

  it("keeps every time column in epoch seconds (bigint)", () => {
    const tickets = schema.tables.tickets?.columns;
    expect(tickets?.created_at?.type).toBe("bigint");
    expect(tickets?.last_updated?.type).toBe("bigint");
    expect(schema.tables.chat_messages?.columns.timestamp?.type).toBe("bigint");
  });

  it("refuses two tickets with the same number and finds the next free one", async () => {
    const db = store.db;
    const now = 1_700_000_000;
    const user = await db
      .insertInto("users")
      .values({ class: "user", rank: "user", name: "p", email: "p@x.test", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const category = await db.insertInto("categories").values({ title: "C" }).returning("id").executeTakeFirstOrThrow();
    const priority = await db.insertInto("priorities").values({ title: "P" }).returning("id").executeTakeFirstOrThrow();
    const server = await db.insertInto("servers").values({ title: "S" }).returning("id").executeTakeFirstOrThrow();
    const ticket = (created_at: number) => ({
      created_at,
      last_updated: created_at,
      user_id: user.id,
      email: "p@x.test",
      name: "p",
      category_id: category.id,
      priority_id: priority.id,
      server_id: server.id,
      subject: "s",
      description: "d",
    });
    await db
      .insertInto("tickets")
      .values([ticket(now), ticket(now + 1), ticket(now + 3)])
      .execute();
    await expect(db.insertInto("tickets").values(ticket(now)).execute()).rejects.toThrow();
    expect(await freeTicketNumber(db, now)).toBe(now + 2);
    expect(await freeTicketNumber(db, now + 3)).toBe(now + 4);
    expect(await freeTicketNumber(db, now - 5)).toBe(now - 5);
  });
});

describe.runIf(ENGINES.length > 1)("across engines", () => {
  it("SQLite and PostgreSQL have the same schema", () => {
    expect(descriptions.get("postgres")).toEqual(descriptions.get("sqlite"));
  });
});
