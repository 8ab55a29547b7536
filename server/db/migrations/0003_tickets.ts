/**
 * Ticket work (spec/2-staff-ticket-work.md §3): tickets, their chat and internal notes, bans, staff notifications and
 * the staff's sidebar chat list. Index choices follow the staff ticket search (spec/2-staff-ticket-work.md §2, §7).
 */
import type { CreateTableBuilder, Kysely } from "kysely";
import type { Engine } from "../database.ts";
import { BOOL, EPOCH, withId } from "../dialect.ts";

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await withId(db.schema.createTable("tickets"), engine)
    // The ticket number shown everywhere; unique, so a second ticket in the same second is
    // stored one second later (the insert picks the next free second).
    .addColumn("created_at", EPOCH, (c) => c.notNull())
    .addColumn("last_updated", EPOCH, (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category_id", "integer", (c) => c.notNull().references("categories.id"))
    .addColumn("priority_id", "integer", (c) => c.notNull().references("priorities.id"))
    .addColumn("server_id", "integer", (c) => c.notNull().references("servers.id"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("NEW TICKET"))
    .addColumn("character_name", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("violaters_name", "text")
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    // JSON list of stored file names; the entry 'DELETED' marks a removed file.
    .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("assigned_to", "integer", (c) => c.references("users.id"))
    // A user id as text, or 'AUTO' when the sweep closed it: hence text, not a reference.
    .addColumn("resolved_by", "text")
    .addColumn("closed_by", "text")
    .addColumn("excuse", "text")
    // Attachments already swept from disk; the retain control is hidden then.
    .addColumn("clean", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("retain_attachments", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("ticket_type", "text", (c) => c.notNull().defaultTo("member"))
    .addColumn("type", "text", (c) => c.notNull().defaultTo("normal"))
    .addColumn("banned", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("ip_origin", "text", (c) => c.notNull().defaultTo(""))
    // Who spoke last ('user' or 'staff' and the sender id): fast complete asks for a reason
    // when the last word came from the player or from another employee.
    .addColumn("last_message_at", EPOCH)
    .addColumn("last_message_from", "text")
    .addColumn("last_message_by", "integer")
    // First staff reply, kept so that the first-reply-delay statistics need no chat scan.
    .addColumn("first_reply_at", EPOCH)
    .execute();
  const ticketIndexes: [string, string[], boolean?][] = [
    ["tickets_created_at_unique", ["created_at"], true],
    // The default staff list: my tickets (optionally by status), newest update first.
    ["tickets_assignee_status_updated", ["assigned_to", "status", "last_updated"]],
    ["tickets_assignee_updated", ["assigned_to", "last_updated"]],
    // Status filters, the auto-close sweep and the open-ticket counts.
    ["tickets_status_updated", ["status", "last_updated"]],
    // A member's history and profile counts.
    ["tickets_user_created", ["user_id", "created_at"]],
    ["tickets_email", ["email"]],
    ["tickets_name", ["name"]],
    ["tickets_character_name", ["character_name"]],
    ["tickets_server_status", ["server_id", "status"]],
    ["tickets_category_status", ["category_id", "status"]],
    ["tickets_priority", ["priority_id"]],
    ["tickets_last_updated", ["last_updated"]],
  ];
  for (const [name, columns, unique] of ticketIndexes) {
    const index = db.schema.createIndex(name).on("tickets").columns(columns);
    await (unique ? index.unique() : index).execute();
  }

  await messageColumns(withId(db.schema.createTable("chat_messages"), engine)).execute();
  await db.schema.createIndex("chat_messages_ticket").on("chat_messages").columns(["ticket_id", "id"]).execute();
  await db.schema.createIndex("chat_messages_ticket_read").on("chat_messages").columns(["ticket_id", "read"]).execute();

  // Notes have the shape of a chat message (spec/2-staff-ticket-work.md §3) so one presenter serves both rooms.
  await messageColumns(withId(db.schema.createTable("notes"), engine)).execute();
  await db.schema.createIndex("notes_ticket").on("notes").columns(["ticket_id", "id"]).execute();

  await withId(db.schema.createTable("ban_logs"), engine)
    .addColumn("ticket_id", "integer", (c) => c.references("tickets.id").onDelete("set null"))
    // Null for a temporary user, who is known by e-mail only.
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("banner_id", "integer", (c) => c.notNull().references("users.id"))
    // Duration chosen in seconds; -1 for a permanent ban.
    .addColumn("ban_time", "integer", (c) => c.notNull())
    .addColumn("timestamp", EPOCH, (c) => c.notNull())
    // Epoch seconds when the ban ends; -1 = no end.
    .addColumn("until", EPOCH, (c) => c.notNull())
    .addColumn("active", BOOL, (c) => c.notNull().defaultTo(1))
    // Null with a lift time set means it was lifted automatically at expiry ('auto_unbanned').
    .addColumn("ban_lifter_id", "integer", (c) => c.references("users.id"))
    .addColumn("ban_lift_timestamp", EPOCH)
    .execute();
  await db.schema.createIndex("ban_logs_user").on("ban_logs").column("user_id").execute();
  await db.schema.createIndex("ban_logs_email").on("ban_logs").column("email").execute();
  await db.schema.createIndex("ban_logs_ticket").on("ban_logs").column("ticket_id").execute();
  // The ban-expiry sweep: active bans whose end has passed.
  await db.schema.createIndex("ban_logs_active_until").on("ban_logs").columns(["active", "until"]).execute();

  await withId(db.schema.createTable("notifications"), engine)
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("ticket_id", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("ticket_created_at", EPOCH, (c) => c.notNull())
    .addColumn("by_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("timestamp", EPOCH, (c) => c.notNull())
    .addColumn("expires", EPOCH, (c) => c.notNull())
    .addColumn("seen", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("read", BOOL, (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex("notifications_user_read_time")
    .on("notifications")
    .columns(["user_id", "read", "timestamp"])
    .execute();
  // A notification stays unread until its ticket is visited: mark by (user, ticket).
  await db.schema
    .createIndex("notifications_user_ticket")
    .on("notifications")
    .columns(["user_id", "ticket_id"])
    .execute();
  await db.schema.createIndex("notifications_expires").on("notifications").column("expires").execute();

  await db.schema
    .createTable("active_chats")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("ticket_id", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
    .addColumn("pinned", BOOL, (c) => c.notNull().defaultTo(0))
    .addColumn("added_at", EPOCH, (c) => c.notNull())
    .addPrimaryKeyConstraint("active_chats_pk", ["user_id", "ticket_id"])
    .execute();
  // Fan-out of ticket updates to every staff member who has the ticket in the chat list.
  await db.schema.createIndex("active_chats_ticket").on("active_chats").column("ticket_id").execute();
}

/** The columns of a chat message (spec/2-staff-ticket-work.md §3), shared by chat_messages and notes. */
function messageColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
  return (
    table
      .addColumn("ticket_id", "integer", (c) => c.notNull().references("tickets.id").onDelete("cascade"))
      .addColumn("type", "text", (c) => c.notNull().defaultTo("message"))
      // Null for system messages (automatic close or unban).
      .addColumn("sender_id", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("sender_name", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("message", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("timestamp", EPOCH, (c) => c.notNull())
      // JSON list of stored file names.
      .addColumn("attachments", "text", (c) => c.notNull().defaultTo("[]"))
      // JSON {id, sender_name, message} of the quoted message, or null.
      .addColumn("reply_to", "text")
      .addColumn("edited", BOOL, (c) => c.notNull().defaultTo(0))
      .addColumn("read", BOOL, (c) => c.notNull().defaultTo(0))
      .addColumn("deleted", BOOL, (c) => c.notNull().defaultTo(0))
      .addColumn("ip_origin", "text", (c) => c.notNull().defaultTo(""))
      .addColumn("user_class", "text", (c) => c.notNull().defaultTo("user"))
      // Assignment messages: previous and new assignee.
      .addColumn("from_user", "integer")
      .addColumn("to_user", "integer")
      // Category-change messages.
      .addColumn("prev_category", "integer")
      .addColumn("new_category", "integer")
      // Completion messages: RESOLVED or CLOSED.
      .addColumn("completed_status", "text")
      // Ban messages: 1 banned, 0 unbanned.
      .addColumn("banned", BOOL)
  );
}
