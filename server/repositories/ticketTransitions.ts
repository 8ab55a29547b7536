/**
 * The one way a ticket's status changes: a guarded UPDATE built from the transition table. The
 * WHERE holds the statuses the action may start from and the new status is a CASE over the same
 * table, so a change that races another (two holds, a close while a message is sent) finds no row
 * and fails cleanly instead of overwriting.
 */
import { type Kysely, sql, type Updateable, type UpdateQueryBuilder, type UpdateResult } from "kysely";
import type { TicketStatus } from "../../common/constants.ts";
import { compiledOnce, isPlainValue } from "../db/compiledOnce.ts";
import type { Database, TicketRow, TicketsTable } from "../db/schema.ts";
import { leavesHold, nextStatus, startStatuses, type TicketAction, TRANSITIONS } from "../domain/ticketStatus.ts";

export interface TransitionGuard {
  /** Also require the assignee the caller saw (assign: a stale view must not overwrite a newer choice). */
  assignedTo?: number | null;
  /** Also require the author of the last message the caller saw (the fast-complete excuse rule). */
  lastMessageBy?: number | null;
  /**
   * The status the caller read, as a hint for the common case (a chat message): the UPDATE then
   * names its new status, or leaves the column out when the action keeps it. A status left out of
   * the SET spares every index that holds it (six on `tickets`); a ticket whose status moved
   * meanwhile, and a call with another guard or an expression to write, take the CASE over the
   * table.
   */
  seenStatus?: TicketStatus;
}

/**
 * Applies `action` to the ticket with `set` (other columns written in the same statement).
 * Answers the updated row, or undefined when the ticket's status (or guard) did not allow it.
 */
export async function applyTransition(
  db: Kysely<Database>,
  ticketId: number,
  action: TicketAction,
  set: Omit<Updateable<TicketsTable>, "status">,
  guard: TransitionGuard = {},
): Promise<TicketRow | undefined> {
  const seen = guard.seenStatus;
  const to = seen === undefined ? null : nextStatus(action, seen);
  // A hold's wake-up time ends with the hold (hold_until is null on every ticket not ON HOLD).
  const endsHold = leavesHold(action);
  // The hint serves the chat message's UPDATE: no other guard, plain values. Anything else, and a
  // ticket whose status moved meanwhile, takes the CASE below.
  const unguarded = guard.assignedTo === undefined && guard.lastMessageBy === undefined;
  if (seen !== undefined && to !== null && unguarded && Object.values(set).every(isPlainValue)) {
    const moved = to === seen ? set : { ...set, status: to };
    const columns = endsHold && seen === "ON HOLD" ? { ...moved, hold_until: null } : moved;
    const updated = (await movedAsSeen(db, { ...columns, ticketId, seen })).rows[0];
    if (updated) return updated;
  }
  const query = guarded(
    db
      .updateTable("tickets")
      .set({ ...set, ...(endsHold ? { hold_until: null } : {}), status: statusAfter(action) })
      .where("id", "=", ticketId)
      .where("status", "in", startStatuses(action)),
    guard,
  );
  return query.returningAll().executeTakeFirst();
}

/** The status `action` leaves, as SQL for an UPDATE's SET: a CASE over the table's moves. */
export function statusAfter(action: TicketAction) {
  const moves = Object.entries(TRANSITIONS[action]) as [TicketStatus, TicketStatus][];
  const cases = sql.join(
    moves.map(([from, to]) => sql`when ${from} then ${to}`),
    sql` `,
  );
  return sql<TicketStatus>`case status ${cases} else status end`;
}

/**
 * The hinted UPDATE of a chat message (no guards, plain values): compiled once per set of columns.
 * `ticketId` and `seen` are the WHERE's; every other key is a column to write.
 */
const movedAsSeen = compiledOnce(
  (db, { ticketId, seen, ...columns }: Updateable<TicketsTable> & { ticketId: number; seen: TicketStatus }) =>
    db.updateTable("tickets").set(columns).where("id", "=", ticketId).where("status", "=", seen).returningAll(),
);

type TicketUpdate = UpdateQueryBuilder<Database, "tickets", "tickets", UpdateResult>;

/** The optional guards of a transition's UPDATE. */
function guarded(query: TicketUpdate, guard: TransitionGuard): TicketUpdate {
  if (guard.assignedTo !== undefined) {
    query =
      guard.assignedTo === null
        ? query.where("assigned_to", "is", null)
        : query.where("assigned_to", "=", guard.assignedTo);
  }
  if (guard.lastMessageBy !== undefined) {
    query =
      guard.lastMessageBy === null
        ? query.where("last_message_by", "is", null)
        : query.where("last_message_by", "=", guard.lastMessageBy);
  }
  return query;
}
