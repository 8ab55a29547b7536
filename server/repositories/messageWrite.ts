/**
 * A plain chat message stored in one statement on PostgreSQL (issue 10, the chat path). The
 * transaction of sendChatMessage is six round trips (BEGIN, the message, the read marks, the
 * ticket's move, the chat-list follow, COMMIT), and on this path the node spent most of its CPU in
 * the socket writes of those round trips and PostgreSQL in answering them. Data-modifying CTEs do
 * the same writes in one statement, atomically (one snapshot, one commit).
 *
 * It is the same write as the transaction's, with the same guard: the ticket's UPDATE names the
 * status the sender saw (`seen`), and the message, its read marks and the follow are written only
 * if that UPDATE found the ticket so (`from moved`). When it did not (the status moved meanwhile,
 * or the ticket ended), nothing is written and the caller takes the transaction, whose CASE over
 * the transition table decides. Only a plain message comes here: no quote, no files, no tag
 * (sendChatMessage.ts says which). A player's message also gives the ticket's assignee their
 * `new_message` notification, as notifyAssigneeOfPlayerMessage does (one unread per ticket, held by
 * the partial unique index of migration 0010). SQLite has no data-modifying CTEs; its messages
 * share a grouped commit instead (commitGroup.ts).
 */
import { type Kysely, sql } from "kysely";
import type { TicketStatus } from "../../common/constants.ts";
import { compiledOnce } from "../db/compiledOnce.ts";
import type { ChatMessageRow, Database, TicketRow } from "../db/schema.ts";
import type { NotificationRow } from "./notifications.ts";

export interface PlainMessage {
  ticketId: number;
  /** The status the sender read; the ticket moves from it to `status` (left as it is if undefined). */
  seen: TicketStatus;
  status?: TicketStatus | undefined;
  now: number;
  senderId: number;
  senderName: string;
  senderClass: "dev" | "user";
  message: string;
  ip: string;
  clientId: string | null;
  /** Set when this is the ticket's first staff reply. */
  firstReplyAt?: number | undefined;
  /** A staff sender: the ticket enters their chat list. */
  followerId?: number | undefined;
  /** A player sender: the assignee's `new_message` notification, expiring then. */
  notificationExpires?: number | undefined;
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

type Values = Omit<PlainMessage, "senderClass"> & {
  userClass: "dev" | "user";
  from: "staff" | "user";
  writtenBy: "dev" | "user";
};

/** Compiled once per shape: with or without a status move, a first reply, a follow, a notification. */
const plainMessage = compiledOnce((db, v: Values) => {
  const status = v.status === undefined ? sql`` : sql`, "status" = ${v.status}`;
  const firstReply = v.firstReplyAt === undefined ? sql`` : sql`, "first_reply_at" = ${v.firstReplyAt}`;
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
      update "tickets" set "last_updated" = ${v.now}, "last_message_at" = ${v.now},
        "last_message_from" = ${v.from}, "last_message_by" = ${v.senderId}${firstReply}${status}
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
      where "ticket_id" = ${v.ticketId} and "user_class" = ${v.writtenBy} and "read" = 0 and exists (select from moved)
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
  const { senderClass, ...rest } = input;
  const [row] = (
    await plainMessage(db, {
      ...rest,
      userClass: senderClass,
      from: senderClass === "dev" ? "staff" : "user",
      writtenBy: senderClass === "dev" ? "user" : "dev",
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
