/**
 * Staff notifications (spec/2-staff-ticket-work.md §3): written by the use cases that cause them (assignment, a
 * player's message, a tag), read by the header dropdown and /admin/notifications. A notification
 * stays unread until its ticket is visited.
 */
import { type Kysely, sql } from "kysely";
import type { NotificationType } from "../../common/schemas/chatList.ts";
import { compiledOnce } from "../db/compiledOnce.ts";
import type { Database, TicketRow } from "../db/schema.ts";

/** How long a notification is kept (the expires column); the page shows the newest 500. */
export const NOTIFICATION_LIFETIME_SECONDS = 90 * 86_400;

/** When a notification written at `now` expires: every path that writes one asks here. */
export function notificationExpiry(now: number): number {
  return now + NOTIFICATION_LIFETIME_SECONDS;
}

export interface NewNotification {
  userId: number;
  type: NotificationType;
  ticket: Pick<TicketRow, "id" | "created_at">;
  byUserId: number | null;
  now: number;
}

/** Stores one notification; publish "notification.created" with the row after the commit. */
export function insertNotification(db: Kysely<Database>, n: NewNotification) {
  return db
    .insertInto("notifications")
    .values({
      user_id: n.userId,
      type: n.type,
      ticket_id: n.ticket.id,
      ticket_created_at: n.ticket.created_at,
      by_user_id: n.byUserId,
      timestamp: n.now,
      expires: notificationExpiry(n.now),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export type NotificationRow = Awaited<ReturnType<typeof insertNotification>>;

export async function countUnreadNotifications(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("read", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The ticket was visited: its notifications for this user are read. Answers how many changed. */
export async function markTicketNotificationsRead(db: Kysely<Database>, userId: number, ticketId: number) {
  const result = await db
    .updateTable("notifications")
    .set({ read: 1, seen: 1 })
    .where("user_id", "=", userId)
    .where("ticket_id", "=", ticketId)
    .where("read", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface NotificationQuery {
  limit: number;
  unreadOnly: boolean;
  type: NotificationType | null;
}

/** The user's newest notifications with their ticket and who caused them. */
export function listNotifications(db: Kysely<Database>, userId: number, q: NotificationQuery) {
  let query = db
    .selectFrom("notifications")
    .innerJoin("tickets", "tickets.id", "notifications.ticket_id")
    .leftJoin("users", "users.id", "notifications.by_user_id")
    .selectAll("notifications")
    .select([
      "tickets.email as ticket_email",
      "tickets.created_at as ticket_number",
      "tickets.subject as ticket_subject",
      "tickets.name as player_name",
      "users.name as by_name",
      "users.avatar as by_avatar",
    ])
    .where("notifications.user_id", "=", userId);
  if (q.unreadOnly) query = query.where("notifications.read", "=", 0);
  if (q.type) query = query.where("notifications.type", "=", q.type);
  return query.orderBy("notifications.timestamp", "desc").orderBy("notifications.id", "desc").limit(q.limit).execute();
}

export async function countNotifications(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Mark All Read: every notification of the user. Answers how many changed. */
export async function markAllNotificationsRead(db: Kysely<Database>, userId: number): Promise<number> {
  const result = await db
    .updateTable("notifications")
    .set({ read: 1, seen: 1 })
    .where("user_id", "=", userId)
    .where("read", "=", 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** A staff visit reads the notes other staff members wrote on the ticket (n_unread_notes). */
export async function markTicketNotesRead(db: Kysely<Database>, userId: number, ticketId: number): Promise<number> {
  const result = await db
    .updateTable("notes")
    .set({ read: 1 })
    .where("ticket_id", "=", ticketId)
    .where("read", "=", 0)
    .where((eb) => eb.or([eb("sender_id", "is", null), eb("sender_id", "<>", userId)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export interface UnreadCounts {
  ticketId: number;
  nUnreadChat: number;
  nUnreadNotes: number;
  tagged: boolean;
  /** The holder marked the chat unread by hand (active_chats.marked_unread). */
  markedUnread: boolean;
}

/**
 * Marks a chat of the user's list unread, or clears the mark (a visit). Answers whether the mark
 * changed, so that only a change is announced.
 */
export async function setMarkedUnread(
  db: Kysely<Database>,
  userId: number,
  ticketId: number,
  marked: boolean,
): Promise<boolean> {
  const result = await db
    .updateTable("active_chats")
    .set({ marked_unread: marked ? 1 : 0 })
    .where("user_id", "=", userId)
    .where("ticket_id", "=", ticketId)
    .where("marked_unread", "=", marked ? 0 : 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Unread info for tickets (spec/2-staff-ticket-work.md §3), from the read flags: the player's messages no staff member
 * has read, other staff members' notes not yet read, and the user's unread tag notifications.
 */
export async function unreadCounts(db: Kysely<Database>, userId: number, ticketIds: number[]): Promise<UnreadCounts[]> {
  if (!ticketIds.length) return [];
  const [chats, notes, tags, marked] = await Promise.all([
    db
      .selectFrom("chat_messages")
      .select(["ticket_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("ticket_id", "in", ticketIds)
      .where("user_class", "=", "user")
      .where("read", "=", 0)
      .where("deleted", "=", 0)
      .groupBy("ticket_id")
      .execute(),
    db
      .selectFrom("notes")
      .select(["ticket_id", (eb) => eb.fn.countAll<number>().as("n")])
      .where("ticket_id", "in", ticketIds)
      .where("type", "=", "note")
      .where("read", "=", 0)
      .where("deleted", "=", 0)
      .where((eb) => eb.or([eb("sender_id", "is", null), eb("sender_id", "<>", userId)]))
      .groupBy("ticket_id")
      .execute(),
    db
      .selectFrom("notifications")
      .select("ticket_id")
      .distinct()
      .where("user_id", "=", userId)
      .where("ticket_id", "in", ticketIds)
      .where("type", "=", "tag")
      .where("read", "=", 0)
      .execute(),
    db
      .selectFrom("active_chats")
      .select("ticket_id")
      .where("user_id", "=", userId)
      .where("ticket_id", "in", ticketIds)
      .where("marked_unread", "=", 1)
      .execute(),
  ]);
  const chat = new Map(chats.map((r) => [r.ticket_id, Number(r.n)]));
  const note = new Map(notes.map((r) => [r.ticket_id, Number(r.n)]));
  const tagged = new Set(tags.map((r) => r.ticket_id));
  const markedUnread = new Set(marked.map((r) => r.ticket_id));
  return ticketIds.map((ticketId) => ({
    ticketId,
    nUnreadChat: chat.get(ticketId) ?? 0,
    nUnreadNotes: note.get(ticketId) ?? 0,
    tagged: tagged.has(ticketId),
    markedUnread: markedUnread.has(ticketId),
  }));
}

/**
 * The same unread info for one ticket as each staff member holding its chat sees it, but one
 * (the writer of a new message), in one statement whatever their number: the fan-out of every
 * chat line. The player's unread messages are the same for all (an uncorrelated subquery, read
 * once); unread notes are counted per holder, leaving out their own; tags are per holder.
 */
export async function unreadCountsForHolders(
  db: Kysely<Database>,
  ticketId: number,
  exceptUserId: number | null,
): Promise<Map<number, UnreadCounts>> {
  // A line without a writer (a system line) reaches every holder.
  const { rows } = await holdersUnread(db, exceptUserId === null ? { ticketId } : { ticketId, exceptUserId });
  return new Map(
    rows.map((row) => [
      row.user_id,
      {
        ticketId,
        nUnreadChat: Number(row.chat ?? 0),
        nUnreadNotes: Number(row.notes ?? 0),
        // SQLite answers 0 or 1, PostgreSQL a boolean.
        tagged: Boolean(row.tagged),
        markedUnread: Number(row.marked_unread) === 1,
      },
    ]),
  );
}

/**
 * The statement of unreadCountsForHolders, run with every chat line: compiled once. Its constants
 * are written into the SQL rather than bound: SQLite ran it about six times slower with them
 * bound (the correlated EXISTS on notifications above all), with the same plan.
 */
const holdersUnread = compiledOnce((db, { ticketId, exceptUserId }: { ticketId: number; exceptUserId?: number }) => {
  const query = db
    .selectFrom("active_chats as holder")
    .select((eb) => [
      "holder.user_id",
      "holder.marked_unread",
      eb
        .selectFrom("chat_messages")
        .select(eb.fn.countAll<number>().as("n"))
        .where("chat_messages.ticket_id", "=", ticketId)
        .where("chat_messages.user_class", "=", sql.lit("user"))
        .where("chat_messages.read", "=", sql.lit(0))
        .where("chat_messages.deleted", "=", sql.lit(0))
        .as("chat"),
      eb
        .selectFrom("notes")
        .select(eb.fn.countAll<number>().as("n"))
        .where("notes.ticket_id", "=", ticketId)
        .where("notes.type", "=", sql.lit("note"))
        .where("notes.read", "=", sql.lit(0))
        .where("notes.deleted", "=", sql.lit(0))
        .where((inner) =>
          inner.or([inner("notes.sender_id", "is", null), inner("notes.sender_id", "<>", inner.ref("holder.user_id"))]),
        )
        .as("notes"),
      eb
        .exists(
          eb
            .selectFrom("notifications")
            .select("notifications.id")
            .where("notifications.ticket_id", "=", ticketId)
            .whereRef("notifications.user_id", "=", "holder.user_id")
            .where("notifications.type", "=", sql.lit("tag"))
            .where("notifications.read", "=", sql.lit(0)),
        )
        .as("tagged"),
    ])
    .where("holder.ticket_id", "=", ticketId);
  return exceptUserId === undefined ? query : query.where("holder.user_id", "<>", exceptUserId);
});
