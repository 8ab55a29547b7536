/**
 * A staff member deletes one of their own chat messages (spec/2-staff-ticket-work.md §4: "deleted (shows 'Message
 * deleted.')"). The row stays, flagged deleted: presenters send neither its text nor its files
 * to anyone again, and quotes of it lose their copy of the text in the same transaction.
 */
import type { AppContext } from "../context.ts";
import type { ChatMessageRow, TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { markMessageDeleted, rewriteQuotesOf } from "../repositories/messageEdits.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";
import { changeableMessage, type MessageRef } from "./editChatMessage.ts";

export async function deleteChatMessage(
  ctx: AppContext,
  user: UserRow,
  session: SessionRow,
  input: MessageRef,
): Promise<{ ticket: TicketRow; message: ChatMessageRow }> {
  const { ticket } = await changeableMessage(ctx, user, session, input);
  const deleted = await ctx.store.db.transaction().execute(async (trx) => {
    const row = await markMessageDeleted(trx, ticket.id, input.messageId, user.id);
    if (row) await rewriteQuotesOf(trx, row, { message: "", deleted: true });
    return row;
  });
  if (!deleted) throw new AppError("message_not_editable");
  ctx.events.publish("message.deleted", { ticket, message: deleted });
  return { ticket, message: deleted };
}
