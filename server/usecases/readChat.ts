/**
 * A reader has seen a chat: the other side's messages become read, and when that changed
 * anything, the read is announced (the read ticks, the chat list's unread marks).
 */
import type { AppContext } from "../context.ts";
import type { TicketRow } from "../db/schema.ts";
import { markRead } from "../repositories/chat.ts";
import type { UserRow } from "../repositories/users.ts";

export async function readChat(ctx: AppContext, ticket: TicketRow, reader: UserRow): Promise<void> {
  if ((await markRead(ctx.store.db, ticket.id, reader.class)) > 0) {
    ctx.events.publish("messages.read", { ticket, readerId: reader.id, readerClass: reader.class });
  }
}
