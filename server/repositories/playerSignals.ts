/**
 * What a player has not read yet, per ticket (issue 9 part signals). No table of its own: a staff
 * chat line carries the `read` flag that the player's open chat sets (`messages_read`, and
 * writing in the chat), so the count survives a reload and clears when the player opens the
 * ticket. Only staff replies count (type `message`): assignment and ban lines are staff-only, and
 * status lines show as the status itself.
 */
import type { Kysely } from "kysely";
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

/**
 * Unread staff replies per ticket of the scope, only the tickets that have some: one aggregate over
 * the scope's tickets, for the reply signal that leaves with every chat line (no ticket rows).
 */
export async function unreadRepliesOfScope(db: Kysely<Database>, scope: SignalScope): Promise<Map<number, number>> {
  const { rows } = await scopeUnread(
    db,
    scope.kind === "member" ? { userId: scope.userId } : { userId: scope.userId, ticketId: scope.ticketId },
  );
  return new Map(rows.map((row) => [row.ticket_id, Number(row.n)]));
}

/** The statement of unreadRepliesOfScope, run with every chat line: compiled once per scope kind. */
const scopeUnread = compiledOnce((db, { userId, ticketId }: { userId: number; ticketId?: number }) => {
  const query = db
    .selectFrom("chat_messages")
    .innerJoin("tickets", "tickets.id", "chat_messages.ticket_id")
    .select(["chat_messages.ticket_id as ticket_id", (eb) => eb.fn.countAll<number>().as("n")])
    .where("tickets.user_id", "=", userId)
    .where("chat_messages.user_class", "=", "dev")
    .where("chat_messages.type", "=", "message")
    .where("chat_messages.read", "=", 0)
    .where("chat_messages.deleted", "=", 0);
  // A member's own member tickets, or the temporary session's one ticket.
  const scoped =
    ticketId === undefined
      ? query.where("tickets.type", "=", "normal")
      : query.where("tickets.type", "=", "temp").where("tickets.id", "=", ticketId);
  return scoped.groupBy("chat_messages.ticket_id");
});

/** A member's latest tickets by last activity, for the home page's short list. */
export function recentMemberTickets(db: Kysely<Database>, userId: number, limit: number): Promise<TicketRow[]> {
  return memberTicketsByActivity(db, userId).limit(limit).execute();
}
