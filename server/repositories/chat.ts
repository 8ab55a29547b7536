/** SQL for chat messages and the ticket fields a message touches. */
import type { Insertable, Kysely } from "kysely";
import { compiledOnce } from "../db/compiledOnce.ts";
import type { ChatMessageRow, ChatMessagesTable, Database } from "../db/schema.ts";
import { otherSide } from "../domain/chatMessage.ts";

const messageInsert = compiledOnce((db, row: Insertable<ChatMessagesTable>) =>
  db.insertInto("chat_messages").values(row).returningAll(),
);

/** Stores a chat line (every chat message writes one: compiled once per set of columns). */
export async function insertMessage(db: Kysely<Database>, row: Insertable<ChatMessagesTable>): Promise<ChatMessageRow> {
  const [message] = (await messageInsert(db, row)).rows;
  if (!message) throw new Error("the chat line was not stored");
  return message;
}

export function findMessage(db: Kysely<Database>, ticketId: number, id: number): Promise<ChatMessageRow | undefined> {
  return db
    .selectFrom("chat_messages")
    .selectAll()
    .where("ticket_id", "=", ticketId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/** The message this sender stored in this chat under its own id for the send, if any. */
export function findMessageByClientId(
  db: Kysely<Database>,
  ticketId: number,
  senderId: number,
  clientId: string,
): Promise<ChatMessageRow | undefined> {
  return db
    .selectFrom("chat_messages")
    .selectAll()
    .where("ticket_id", "=", ticketId)
    .where("sender_id", "=", senderId)
    .where("client_id", "=", clientId)
    .executeTakeFirst();
}

/** The newest `limit` messages before `before` (or the newest overall), oldest first. */
export async function listMessages(
  db: Kysely<Database>,
  ticketId: number,
  limit: number,
  before?: number,
): Promise<ChatMessageRow[]> {
  let query = db.selectFrom("chat_messages").selectAll().where("ticket_id", "=", ticketId);
  if (before !== undefined) query = query.where("id", "<", before);
  const rows = await query.orderBy("id", "desc").limit(limit).execute();
  return rows.reverse();
}

const readMark = compiledOnce((db, { ticketId, writtenBy }: { ticketId: number; writtenBy: "dev" | "user" }) =>
  db
    .updateTable("chat_messages")
    .set({ read: 1 })
    .where("ticket_id", "=", ticketId)
    .where("user_class", "=", writtenBy)
    .where("read", "=", 0),
);

/**
 * Marks as read the messages the other side wrote: a player reading marks staff messages, staff
 * reading marks the player's. Answers how many changed.
 */
export async function markRead(db: Kysely<Database>, ticketId: number, readerClass: "dev" | "user"): Promise<number> {
  const result = await readMark(db, { ticketId, writtenBy: otherSide(readerClass) });
  return Number(result.numAffectedRows ?? 0);
}

/** Names and pictures of everyone who wrote in a chat, for the chat panel. */
export function chatParticipants(db: Kysely<Database>, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom("users").select(["id", "name", "avatar", "class", "rank"]).where("id", "in", ids).execute();
}
