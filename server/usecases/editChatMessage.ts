/**
 * A staff member edits one of their own chat messages (spec/2-staff-ticket-work.md §4: "edited (marked Edited)"), for
 * the socket event and any later HTTP twin alike: checks, a guarded UPDATE with the quotes that
 * follow it in one transaction, then the announcement to both audiences.
 */
import type { AppContext } from "../context.ts";
import type { ChatMessageRow, TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { messageChangeRefusal } from "../policies/chatMessages.ts";
import { isStaff } from "../policies/policy.ts";
import { findMessage } from "../repositories/chat.ts";
import { rewriteQuotesOf, updateMessageText } from "../repositories/messageEdits.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import type { UserRow } from "../repositories/users.ts";
import { visibleTicket } from "./sendChatMessage.ts";

export interface MessageRef {
  ticketId: number;
  messageId: number;
}

/**
 * The message a staff member may change, or the refusal: non-staff are refused before anything
 * is looked up (they learn nothing of the chat), a message outside this chat is not found.
 */
export async function changeableMessage(
  ctx: AppContext,
  user: UserRow,
  session: SessionRow,
  ref: MessageRef,
): Promise<{ ticket: TicketRow; message: ChatMessageRow }> {
  if (!isStaff(user)) throw new AppError("forbidden");
  const { ticket } = await visibleTicket(ctx, user, session, ref.ticketId);
  const message = await findMessage(ctx.store.db, ticket.id, ref.messageId);
  if (!message) throw new AppError("not_found", "Message not found.");
  const refusal = messageChangeRefusal(user, message);
  if (refusal) throw new AppError(refusal);
  return { ticket, message };
}

export async function editChatMessage(
  ctx: AppContext,
  user: UserRow,
  session: SessionRow,
  input: MessageRef & { message: string },
): Promise<{ ticket: TicketRow; message: ChatMessageRow }> {
  const { ticket } = await changeableMessage(ctx, user, session, input);
  const text = input.message.trim();
  const edited = await ctx.store.db.transaction().execute(async (trx) => {
    const row = await updateMessageText(trx, ticket.id, input.messageId, user.id, text);
    if (row) await rewriteQuotesOf(trx, row, { message: text });
    return row;
  });
  // Deleted between the check and the write: the guarded UPDATE matched nothing.
  if (!edited) throw new AppError("message_not_editable");
  ctx.events.publish("message.edited", { ticket, message: edited });
  return { ticket, message: edited };
}
