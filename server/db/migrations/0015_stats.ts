/**
 * Indexes of the dashboard statistics (spec/3-staff-administration.md §2.1), so that each one
 * reads an index range instead of the tickets table at a million tickets:
 * - open tickets per category: (status, category_id), counted from the index alone;
 * - the caller's resolved and closed tickets: (resolved_by, status) and (closed_by, status);
 * - the first-reply delay per period: (first_reply_at, created_at), the delay from the index alone.
 * Tickets per period use the unique created_at index of 0003.
 */
import type { Kysely } from "kysely";
import type { Engine } from "../database.ts";

const INDEXES: [string, string[]][] = [
  ["tickets_status_category", ["status", "category_id"]],
  ["tickets_resolved_by_status", ["resolved_by", "status"]],
  ["tickets_closed_by_status", ["closed_by", "status"]],
  ["tickets_first_reply_created", ["first_reply_at", "created_at"]],
];

export async function up(db: Kysely<unknown>, _engine: Engine): Promise<void> {
  for (const [name, columns] of INDEXES) {
    await db.schema.createIndex(name).on("tickets").columns(columns).execute();
  }
}
