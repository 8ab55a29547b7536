/**
 * SQL of the ticket sweeps (spec/2-staff-ticket-work.md §4 automatic close, attachment retention). Each claim is one
 * guarded UPDATE: the conditions sit in its WHERE, so when several nodes sweep at once each row is
 * changed (and acted on) by exactly one of them. Batches keep one run short on a large table.
 */
import type { Kysely } from "kysely";
import { ENDED_STATUSES } from "../../common/constants.ts";
import type { ChatMessageRow, Database, FastAction, TicketRow } from "../db/schema.ts";
import { DELETED_ATTACHMENT } from "../domain/attachments.ts";
import { startStatuses } from "../domain/ticketStatus.ts";
import { statusAfter } from "./ticketTransitions.ts";

const BATCH = 500;

/**
 * Tickets waiting on the player (the statuses the table's autoClose starts from: REPLIED) untouched
 * since `before` take the autoClose transition (CLOSED), by 'AUTO'.
 */
export function closeIdleRepliedTickets(db: Kysely<Database>, before: number, now: number): Promise<TicketRow[]> {
  const from = startStatuses("autoClose");
  return (
    db
      .updateTable("tickets")
      .set({ status: statusAfter("autoClose"), closed_by: "AUTO", last_updated: now })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("tickets")
          .select("id")
          .where("status", "in", from)
          .where("last_updated", "<=", before)
          .orderBy("last_updated")
          .limit(BATCH),
      )
      // Checked again on the row itself: a reply or another node may have moved it meanwhile.
      .where("status", "in", from)
      .where("last_updated", "<=", before)
      .returningAll()
      .execute()
  );
}

/**
 * Holds whose wake-up time has come take the wakeUp transition (ON HOLD → WAITING DEV, back to
 * staff); hold_until goes with the hold. On the partial index tickets_hold_until: only tickets
 * with a wake-up time are read.
 */
export function wakeExpiredHolds(db: Kysely<Database>, now: number): Promise<TicketRow[]> {
  const from = startStatuses("wakeUp");
  return (
    db
      .updateTable("tickets")
      .set({ status: statusAfter("wakeUp"), hold_until: null, last_updated: now })
      .where("id", "in", (eb) =>
        eb
          .selectFrom("tickets")
          .select("id")
          .where("hold_until", "is not", null)
          .where("hold_until", "<=", now)
          .where("status", "in", from)
          .orderBy("hold_until")
          .limit(BATCH),
      )
      // Checked again on the row itself: a reply, a release or another node may have moved it.
      .where("status", "in", from)
      .where("hold_until", "is not", null)
      .where("hold_until", "<=", now)
      .returningAll()
      .execute()
  );
}

/** The completion line of an automatic close, one per ticket. */
export async function insertAutoCloseMessages(
  db: Kysely<Database>,
  tickets: TicketRow[],
  now: number,
): Promise<ChatMessageRow[]> {
  if (!tickets.length) return [];
  return db
    .insertInto("chat_messages")
    .values(
      tickets.map((t) => ({
        ticket_id: t.id,
        type: "completion" as const,
        sender_id: null,
        sender_name: "AUTO",
        user_class: "dev" as const,
        message: "",
        // The status the autoClose transition left: an ended one (CLOSED).
        completed_status: t.status as FastAction,
        timestamp: now,
        read: 1,
      })),
    )
    .returningAll()
    .execute();
}

/** Ended, unprotected tickets last changed before `before` are marked clean (claimed). */
export function claimTicketsToClean(db: Kysely<Database>, before: number): Promise<TicketRow[]> {
  return db
    .updateTable("tickets")
    .set({ clean: 1 })
    .where("id", "in", (eb) =>
      eb
        .selectFrom("tickets")
        .select("id")
        .where("status", "in", ENDED_STATUSES)
        .where("clean", "=", 0)
        .where("retain_attachments", "=", 0)
        .where("last_updated", "<=", before)
        .orderBy("last_updated")
        .limit(BATCH),
    )
    .where("status", "in", ENDED_STATUSES)
    .where("clean", "=", 0)
    .where("retain_attachments", "=", 0)
    .where("last_updated", "<=", before)
    .returningAll()
    .execute();
}

function storedNames(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
  } catch {
    return [];
  }
}

/** Every entry becomes 'DELETED' (spec/2-staff-ticket-work.md §3), so the count of files stays visible. */
function deletedList(json: string): string {
  return JSON.stringify(storedNames(json).map(() => DELETED_ATTACHMENT));
}

/**
 * Forgets the files of a claimed ticket: its upload rows, and the names in the ticket, its chat
 * and its notes, which become 'DELETED'. Answers the stored names to remove from disk.
 */
export async function forgetTicketFiles(db: Kysely<Database>, ticket: TicketRow): Promise<string[]> {
  const names = new Set(storedNames(ticket.attachments));
  const uploads = await db.deleteFrom("uploads").where("ticket_id", "=", ticket.id).returning("name").execute();
  for (const u of uploads) names.add(u.name);
  if (names.size > 0 || ticket.attachments !== "[]") {
    await db
      .updateTable("tickets")
      .set({ attachments: deletedList(ticket.attachments) })
      .where("id", "=", ticket.id)
      .execute();
  }
  for (const table of ["chat_messages", "notes"] as const) {
    const rows = await db
      .selectFrom(table)
      .select(["id", "attachments"])
      .where("ticket_id", "=", ticket.id)
      .where("attachments", "<>", "[]")
      .execute();
    for (const row of rows) {
      for (const name of storedNames(row.attachments)) names.add(name);
      await db
        .updateTable(table)
        .set({ attachments: deletedList(row.attachments) })
        .where("id", "=", row.id)
        .execute();
    }
  }
  names.delete(DELETED_ATTACHMENT);
  return [...names];
}
