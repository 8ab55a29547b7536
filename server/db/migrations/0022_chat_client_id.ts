/**
 * A client-chosen id per sent chat message: a send retried after its
 * acknowledgement was lost (the node died, the connection dropped) finds the message already
 * stored instead of storing it twice. Unique per sender and ticket; NULL (an old client, a system
 * line) never collides, on either engine.
 */
import { type Kysely, sql } from "kysely";

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("chat_messages").addColumn("client_id", "text").execute();
  await db.schema
    .createIndex("chat_messages_client_id")
    .on("chat_messages")
    .columns(["ticket_id", "sender_id", "client_id"])
    .unique()
    // Partial: the messages without a client id (every system line, older clients) stay out of it,
    // so it costs nothing on their writes and no plan of a chat read takes it for the chat's order.
    .where(sql.ref("client_id"), "is not", null)
    .execute();
}
