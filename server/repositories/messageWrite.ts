/**
 * A plain chat message stored in one statement on PostgreSQL. The
 * transaction of sendChatMessage is six round trips (BEGIN, the message, the read marks, the
 * ticket's move, the chat-list follow, COMMIT), and on this path the node spent most of its CPU in
 * the socket writes of those round trips and PostgreSQL in answering them. Data-modifying CTEs do
 * the same writes in one statement, atomically (one snapshot, one commit).
 *
 * It is the same write as the transaction's, from the same effects (domain/chatMessage.ts: the
 * ticket's columns, the read marks, the follow, the assignee's notification), with the same guard:
 * the ticket's UPDATE names the status the sender saw (`seen`), and the message, its read marks and
 * the rest are written only if that UPDATE found the ticket so (`from moved`). When it did not (the
 * status moved meanwhile, or the ticket ended), nothing is written and the caller takes the
 * transaction, whose CASE over the transition table decides. Only a plain message comes here: no
 * quote, no files, no tag (sendChatMessage.ts says which). The assignee's `new_message`
 * notification is one unread per ticket, held by the partial unique index of migration 0010, as
 * notifyAssignee does. SQLite has no data-modifying CTEs; its messages share a grouped commit
 * instead (commitGroup.ts).
 */
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { TicketStatus } from "../../common/constants.ts";
import { compiledOnce } from "../db/compiledOnce.ts";
import type { ChatMessageRow, Database, TicketRow } from "../db/schema.ts";
import type { MessageEffects, SenderClass } from "../domain/chatMessage.ts";
import type { NotificationRow } from "./notifications.ts";

export interface PlainMessage {
  ticketId: number;
  /** The status the sender read: the UPDATE finds the ticket so, or writes nothing. */
  seen: TicketStatus;
  /** What the message does (messageEffects, from the same `seen` and `now`). */
  effects: MessageEffects;
  now: number;
  senderId: number;
  senderName: string;
  senderClass: SenderClass;
  message: string;
  ip: string;
  clientId: string | null;
  /** With `effects.notifiesAssignee`: when the assignee's notification expires. */
  notificationExpires: number;
}

export interface StoredPlainMessage {
  ticket: TicketRow;
  message: ChatMessageRow;
  /** How many of the other side's messages this one marked read. */
  read: number;
  /** Whether the ticket entered the sender's chat list. */
  followed: boolean;
  /** The assignee's new notification, if there was none unread for this ticket. */
  notifications: NotificationRow[];
}

/** A ticket column the message writes, as a key of the flat values compiledOnce takes. */
const COLUMN = "column:";

type Values = {
  ticketId: number;
  seen: TicketStatus;
  /** The new status; absent when the message leaves it as it is. */
  status?: TicketStatus | undefined;
  now: number;
  senderId: number;
  senderName: string;
  message: string;
  ip: string;
  clientId: string | null;
  userClass: SenderClass;
  markRead: SenderClass;
  followerId?: number | undefined;
  notificationExpires?: number | undefined;
  [column: `${typeof COLUMN}${string}`]: string | number | null;
};

/** Compiled once per shape: with or without a status move, a first reply, a follow, a notification. */
const plainMessage = compiledOnce((db, v: Values) => {
  const columns = Object.keys(v)
    .filter((key): key is `${typeof COLUMN}${string}` => key.startsWith(COLUMN))
    .sort()
    .map((key) => sql`${sql.ref(key.slice(COLUMN.length))} = ${v[key]}`);
  if (v.status !== undefined) columns.push(sql`"status" = ${v.status}`);
  const follow =
    v.followerId === undefined
      ? sql``
      : sql`, followed as (
          insert into "active_chats" ("user_id", "ticket_id", "pinned", "added_at")
          select ${v.followerId}::integer, moved."id", 0, ${v.now}::bigint from moved
          on conflict ("user_id", "ticket_id") do nothing
          returning "ticket_id")`;
  const followed = v.followerId === undefined ? sql`0` : sql`(select count(*) from followed)::integer`;
  // The assignee as the UPDATE found the ticket; the conflict target is migration 0010's index.
  const notify =
    v.notificationExpires === undefined
      ? sql``
      : sql`, notified as (
          insert into "notifications" ("user_id", "type", "ticket_id", "ticket_created_at", "by_user_id", "timestamp", "expires")
          select moved."assigned_to", 'new_message', moved."id", moved."created_at", ${v.senderId}::integer,
            ${v.now}::bigint, ${v.notificationExpires}::bigint
          from moved where moved."assigned_to" is not null
          on conflict ("user_id", "ticket_id") where "type" = 'new_message' and "read" = 0 do nothing
          returning *)`;
  const notified = v.notificationExpires === undefined ? sql`null` : sql`(select row_to_json(notified) from notified)`;
  const query = sql<
    TicketRow & {
      message_row: ChatMessageRow;
      read_count: number;
      followed_count: number;
      notification_row: NotificationRow | null;
    }
  >`
    with moved as (
      update "tickets" set ${sql.join(columns as RawBuilder<unknown>[])}
      where "id" = ${v.ticketId} and "status" = ${v.seen}
      returning *
    ), stored as (
      insert into "chat_messages" ("ticket_id", "type", "sender_id", "sender_name", "message", "timestamp",
        "attachments", "reply_to", "ip_origin", "user_class", "client_id")
      select moved."id", 'message', ${v.senderId}::integer, ${v.senderName}::text, ${v.message}::text,
        ${v.now}::bigint, '[]', null, ${v.ip}::text, ${v.userClass}::text, ${v.clientId}::text
      from moved
      returning *
    ), marked as (
      update "chat_messages" set "read" = 1
      where "ticket_id" = ${v.ticketId} and "user_class" = ${v.markRead} and "read" = 0 and exists (select from moved)
      returning 1
    )${follow}${notify}
    select moved.*, (select row_to_json(stored) from stored) as "message_row",
      (select count(*) from marked)::integer as "read_count", ${followed} as "followed_count",
      ${notified} as "notification_row"
    from moved`;
  return { compile: () => query.compile(db) };
});

/**
 * Stores `input` in one statement (PostgreSQL only). Answers undefined, having written nothing,
 * when the ticket's status was no longer `seen`.
 */
export async function storePlainMessage(
  db: Kysely<Database>,
  input: PlainMessage,
): Promise<StoredPlainMessage | undefined> {
  const { effects, senderClass, notificationExpires, ...rest } = input;
  const columns = Object.fromEntries(
    Object.entries(effects.columns).map(([column, value]) => [`${COLUMN}${column}`, value]),
  );
  const [row] = (
    await plainMessage(db, {
      ...rest,
      ...columns,
      status: effects.status === input.seen || effects.status === null ? undefined : effects.status,
      userClass: senderClass,
      markRead: effects.marksRead,
      followerId: effects.followsTicket ? input.senderId : undefined,
      notificationExpires: effects.notifiesAssignee ? notificationExpires : undefined,
    })
  ).rows;
  if (!row) return undefined;
  const { message_row: message, read_count: read, followed_count: followed, notification_row, ...ticket } = row;
  return {
    ticket: ticket as TicketRow,
    message,
    read,
    followed: followed > 0,
    notifications: notification_row ? [notification_row] : [],
  };
}
