/**
 * What a player has not read yet, per ticket. No table of its own: a staff
 * chat line carries the `read` flag that the player's open chat sets (`messages_read`, and
 * writing in the chat), so the count survives a reload and clears when the player opens the
 * ticket. Only staff replies count (type `message`): assignment and ban lines are staff-only, and
 * status lines show as the status itself.
 */
import { type Kysely, sql } from "kysely";
import { compiledOnce } from "../db/compiledOnce.ts";
import type { Database, TicketRow } from "../db/schema.ts";
import { memberTicketsByActivity } from "./tickets.ts";

/** Unread staff replies per ticket, for the given tickets (absent: none). */
export async function unreadRepliesByTicket(db: Kysely<Database>, ticketIds: number[]): Promise<Map<number, number>> {
  if (!ticketIds.length) return new Map();
  const rows = await db
    .selectFrom("chat_messages")
    .select(["ticket_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("ticket_id", "in", ticketIds)
    .where("user_class", "=", "dev")
    .where("type", "=", "message")
    .where("read", "=", 0)
    .where("deleted", "=", 0)
    .groupBy("ticket_id")
    .execute();
  return new Map(rows.map((row) => [row.ticket_id, Number(row.n)]));
}

/**
 * Whose tickets a player's signals cover: a member's own member tickets, or the one ticket a
 * temporary session was opened for.
 */
export type SignalScope = { kind: "member"; userId: number } | { kind: "temp"; userId: number; ticketId: number };

/** The scope's tickets that have unread staff replies, with the counts. */
export async function unreadTicketsOf(
  db: Kysely<Database>,
  scope: SignalScope,
): Promise<{ ticket: TicketRow; unread: number }[]> {
  let query = db
    .selectFrom("tickets")
    .selectAll("tickets")
    .where("tickets.user_id", "=", scope.userId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("chat_messages")
          .select("chat_messages.id")
          .whereRef("chat_messages.ticket_id", "=", "tickets.id")
          .where("chat_messages.user_class", "=", "dev")
          .where("chat_messages.type", "=", "message")
          .where("chat_messages.read", "=", 0)
          .where("chat_messages.deleted", "=", 0),
      ),
    );
  query =
    scope.kind === "member"
      ? query.where("tickets.type", "=", "normal")
      : query.where("tickets.type", "=", "temp").where("tickets.id", "=", scope.ticketId);
  const tickets = await query.orderBy("tickets.last_updated", "desc").execute();
  const counts = await unreadRepliesByTicket(
    db,
    tickets.map((t) => t.id),
  );
  return tickets.map((ticket) => ({ ticket, unread: counts.get(ticket.id) ?? 0 }));
}

/** A ticket of the scope as its reply signal shows it: the player's view of it and its unread replies. */
export type SignalRow = Pick<TicketRow, "id" | "created_at" | "status" | "last_updated"> & { unread: number };

/**
 * Every ticket of the scope with its unread staff replies, in one statement: the reply signal that
 * leaves with every chat line reads the changed ticket's current row and the player's total here.
 */
export async function signalRowsOf(db: Kysely<Database>, scope: SignalScope): Promise<SignalRow[]> {
  const { rows } = await scopeTickets(
    db,
    scope.kind === "member" ? { userId: scope.userId } : { userId: scope.userId, ticketId: scope.ticketId },
  );
  return rows.map((row) => ({ ...row, unread: Number(row.unread) }));
}

/**
 * The statement of signalRowsOf, compiled once per scope kind. Its constants are written into the
 * SQL, not bound (SQLite runs such statements several times faster so, see unreadCountsForHolders).
 */
const scopeTickets = compiledOnce((db, { userId, ticketId }: { userId: number; ticketId?: number }) => {
  const query = db
    .selectFrom("tickets")
    .select((eb) => [
      "tickets.id",
      "tickets.created_at",
      "tickets.status",
      "tickets.last_updated",
      eb
        .selectFrom("chat_messages")
        .select(eb.fn.countAll<number>().as("n"))
        .whereRef("chat_messages.ticket_id", "=", "tickets.id")
        .where("chat_messages.user_class", "=", sql.lit("dev"))
        .where("chat_messages.type", "=", sql.lit("message"))
        .where("chat_messages.read", "=", sql.lit(0))
        .where("chat_messages.deleted", "=", sql.lit(0))
        .as("unread"),
    ])
    .where("tickets.user_id", "=", userId);
  // A member's own member tickets, or the temporary session's one ticket.
  return ticketId === undefined
    ? query.where("tickets.type", "=", sql.lit("normal"))
    : query.where("tickets.type", "=", sql.lit("temp")).where("tickets.id", "=", ticketId);
});

/** A member's latest tickets by last activity, for the home page's short list. */
export function recentMemberTickets(db: Kysely<Database>, userId: number, limit: number): Promise<TicketRow[]> {
  return memberTicketsByActivity(db, userId).limit(limit).execute();
}
