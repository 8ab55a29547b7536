/**
 * Sends a chat message on a ticket, for the HTTP call and the socket event alike: checks who may
 * write, stores the message and the ticket's new state in one transaction, then announces it. An
 * employee's reply may then assign an unassigned ticket to them (assignOnFirstReply.ts).
 */

import type { Kysely } from "kysely";
import { LIMITS } from "../../common/constants.ts";
import type { ReplyTo } from "../../common/schemas/chat.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { groupedCommit } from "../db/commitGroup.ts";
import { isUniqueViolation } from "../db/dialect.ts";
import type { ChatMessageRow, Database, TicketRow } from "../db/schema.ts";
import { messageEffects } from "../domain/chatMessage.ts";
import { endedRefusal, isEnded } from "../domain/ticketStatus.ts";
import { AppError } from "../errors.ts";
import { isVisibleTo } from "../policies/chatMessages.ts";
import { refuseBannedPlayer } from "../policies/playerBans.ts";
import { type TicketViewer, ticketViewer } from "../policies/tickets.ts";
import { addActiveChats } from "../repositories/activeChats.ts";
import { findMessage, findMessageByClientId, insertMessage, markRead } from "../repositories/chat.ts";
import { type PlainMessage, storePlainMessage } from "../repositories/messageWrite.ts";
import { notificationExpiry } from "../repositories/notifications.ts";
import type { SessionRow } from "../repositories/sessions.ts";
import { findTicket } from "../repositories/tickets.ts";
import { applyTransition } from "../repositories/ticketTransitions.ts";
import { claimUploads, recordUploads } from "../repositories/uploads.ts";
import type { UserRow } from "../repositories/users.ts";
import type { SavedFile } from "../uploads/storage.ts";
import { assignOnFirstReply } from "./assignOnFirstReply.ts";
import { mayTag, notifyAssignee, notifyTagged, publishNotifications } from "./messageNotifications.ts";

export interface SendChatMessageInput {
  ticketId: number;
  message: string;
  replyTo: ReplyTo | null;
  /** Files sent earlier through upload-files, by stored name or download URL. */
  uploadedNames: string[];
  /** Files that came with this very call (already stored). */
  newFiles: SavedFile[];
  ip: string;
  /** The sender's own id for this send: a retry of a stored send answers the stored message. */
  clientId?: string | undefined;
}

/** A ticket the caller may see, or 404: a ticket one may not see is one that does not exist. */
export async function visibleTicket(ctx: AppContext, user: UserRow, session: SessionRow, ticketId: number) {
  const ticket = await findTicket(ctx.store.db, ticketId);
  const viewer = ticket ? ticketViewer(user, session, ticket) : null;
  if (!ticket || !viewer) throw new AppError("not_found", "Ticket not found.");
  return { ticket, viewer };
}

/**
 * What a message must pass before anything of it is stored (the HTTP form asks as soon as chatId
 * arrives, before its files): a ticket the sender may see, a sender no ban keeps out, and a
 * ticket that has not ended.
 */
export async function admitChatMessage(ctx: AppContext, user: UserRow, session: SessionRow, ticketId: number) {
  const found = await visibleTicket(ctx, user, session, ticketId);
  await refuseBannedPlayer(ctx.store.db, user, nowSeconds());
  // Ended tickets take no messages: players are done, staff reopen first (spec/2-staff-ticket-work.md §4).
  if (isEnded(found.ticket.status)) throw new AppError(endedRefusal(found.ticket.status));
  return found;
}

function storedName(nameOrUrl: string): string {
  return nameOrUrl.replace(/^.*\/download\//, "");
}

/**
 * The reply_to a new message stores: read from the database (the client's copy of the text is not
 * trusted), and only from a message of this chat that the sender's audience may see. A message of
 * another chat, a staff-only one quoted by a player, and a deleted one are all "not there" alike,
 * so a refusal does not tell which.
 */
async function quote(db: Kysely<Database>, ticketId: number, id: number, viewer: TicketViewer): Promise<string> {
  const quoted = await findMessage(db, ticketId, id);
  if (!quoted || quoted.deleted || !isVisibleTo(quoted, viewer)) {
    throw new AppError("validation", [
      { loc: ["body", "reply_to"], msg: "The quoted message does not exist.", type: "not_found" },
    ]);
  }
  // The quoted type lets presenters keep a quote of a staff-only message from players.
  const copy = {
    id: quoted.id,
    sender_name: quoted.sender_name,
    message: quoted.message.slice(0, 300),
    user_class: quoted.user_class,
  };
  return JSON.stringify({ ...copy, type: quoted.type });
}

type SentMessage = { ticket: TicketRow; message: ChatMessageRow };

/**
 * A send this sender already stored under `clientId`: its message, announced once more. The first
 * attempt's node may have died between its commit and its announcement, so a retry announces
 * again; clients merge chat messages by id (web mergeById), so one that had it shows it once.
 * Checks and side effects of the first attempt (notifications, status change) are not repeated.
 */
async function resend(
  ctx: AppContext,
  ticket: TicketRow,
  user: UserRow,
  clientId: string,
  announce = true,
): Promise<SentMessage | null> {
  const message = await findMessageByClientId(ctx.store.db, ticket.id, user.id, clientId);
  if (!message) return null;
  const current = (await findTicket(ctx.store.db, ticket.id)) ?? ticket;
  if (announce) ctx.events.publish("message.created", { ticket: current, message });
  return { ticket: current, message };
}

export async function sendChatMessage(
  ctx: AppContext,
  user: UserRow,
  session: SessionRow,
  input: SendChatMessageInput,
): Promise<SentMessage> {
  const { ticket, viewer } = await visibleTicket(ctx, user, session, input.ticketId);
  // Read afresh on every send: a ban given after the socket or the page opened holds at once.
  await refuseBannedPlayer(ctx.store.db, user, nowSeconds());
  const replayed = input.clientId ? await resend(ctx, ticket, user, input.clientId) : null;
  if (replayed) {
    // Files sent again with the retry are not the message's: left unattached, the orphan sweep
    // removes them.
    await recordUploads(ctx.store.db, user.id, input.newFiles);
    return replayed;
  }
  const text = input.message.trim();
  const senderClass = user.class;
  if (senderClass === "user" && text.length > LIMITS.playerReply) {
    throw new AppError("validation", [{ loc: ["body", "message"], msg: "Input is too long.", type: "too_long" }]);
  }
  const fileCount = input.uploadedNames.length + input.newFiles.length;
  if (!text && fileCount === 0) {
    throw new AppError("validation", [
      { loc: ["body", "message"], msg: "Write a message or attach a file.", type: "empty" },
    ]);
  }
  if (fileCount > LIMITS.attachments) throw new AppError("too_many_files");
  // Ended tickets take no messages: players are done, staff reopen first (spec/2-staff-ticket-work.md §4).
  if (isEnded(ticket.status)) throw new AppError(endedRefusal(ticket.status));

  const now = nowSeconds();
  // What the message does to its ticket and around it, whichever way it is stored.
  const effects = messageEffects(user, ticket, now);
  // A plain message on PostgreSQL: one statement instead of a transaction's six round trips
  // (messageWrite.ts). A quote, files or a tag take the transaction.
  const plain: PlainMessage | null =
    ctx.store.engine === "postgres" &&
    effects.status !== null &&
    !input.replyTo &&
    fileCount === 0 &&
    !mayTag(senderClass, text)
      ? {
          ticketId: ticket.id,
          seen: ticket.status,
          effects,
          now,
          senderId: user.id,
          senderName: user.name,
          senderClass,
          message: text,
          ip: input.ip || "NOT FOUND",
          clientId: input.clientId ?? null,
          notificationExpires: notificationExpiry(now),
        }
      : null;
  // Grouped with the other messages being written meanwhile: one commit for them all (commitGroup.ts).
  const inTransaction = () =>
    groupedCommit(ctx.store, async (trx) => {
      const reply = input.replyTo ? await quote(trx, ticket.id, input.replyTo.id, viewer) : null;
      const claimed = await claimUploads(trx, user.id, input.uploadedNames.map(storedName), ticket.id);
      if (claimed.length !== input.uploadedNames.length) {
        throw new AppError("validation", [
          { loc: ["body", "attachments"], msg: "An attachment is unknown or not yours.", type: "not_found" },
        ]);
      }
      await recordUploads(trx, user.id, input.newFiles, ticket.id);
      const message = await insertMessage(trx, {
        ticket_id: ticket.id,
        type: "message",
        sender_id: user.id,
        sender_name: user.name,
        message: text,
        timestamp: now,
        attachments: JSON.stringify([...claimed, ...input.newFiles.map((f) => f.name)]),
        reply_to: reply,
        ip_origin: input.ip || "NOT FOUND",
        user_class: senderClass,
        client_id: input.clientId ?? null,
      });
      // Guarded by the transition table: a ticket closed in the meantime takes no message.
      const updated = await applyTransition(trx, ticket.id, effects.action, effects.columns, {
        seenStatus: ticket.status,
      });
      if (!updated) {
        // Ended in the meantime: say how, as the check above does.
        const current = await findTicket(trx, ticket.id);
        throw new AppError(current ? endedRefusal(current.status) : "ticket_ended");
      }
      // Tags, and the assignee's new_message notification (as the UPDATE found the ticket).
      const notifications = [
        ...(await notifyTagged(trx, { text, sender: user, ticket, now })),
        ...(effects.notifiesAssignee ? await notifyAssignee(trx, { ticket: updated, byUserId: user.id, now }) : []),
      ];
      const read = await markRead(trx, ticket.id, senderClass);
      const followed = effects.followsTicket && (await addActiveChats(trx, user.id, [ticket.id], now)).length > 0;
      return { ticket: updated, message, read, notifications, followed };
    });
  let result: Awaited<ReturnType<typeof inTransaction>>;
  try {
    // Undefined when the status moved since it was read: nothing was written, and the
    // transaction's CASE decides.
    const stored = plain ? await storePlainMessage(ctx.store.db, plain) : undefined;
    result = stored ?? (await inTransaction());
  } catch (error) {
    // The same send arrived twice at once (a retry racing its original): the first one stored it
    // and announces it.
    const stored =
      input.clientId && isUniqueViolation(error) ? await resend(ctx, ticket, user, input.clientId, false) : null;
    if (stored) {
      await recordUploads(ctx.store.db, user.id, input.newFiles);
      return stored;
    }
    throw error;
  }
  ctx.events.publish("message.created", result);
  // Read ticks change only when there was something unread: no event for every message of a chat.
  if (result.read > 0) {
    ctx.events.publish("messages.read", { ticket: result.ticket, readerId: user.id, readerClass: senderClass });
  }
  if (result.ticket.status !== ticket.status) ctx.events.publish("ticket.updated", { ticket: result.ticket });
  publishNotifications(ctx, result.notifications, result.ticket);
  if (result.followed)
    ctx.events.publish("chatList.added", { userId: user.id, tickets: [{ ...result.ticket, pinned: 0 }] });
  // After the reply, whichever way it was stored: an unassigned ticket may become the sender's.
  // The reply is stored and announced by now: a failed assignment is logged, never the reply's
  // error, or the client would send the stored reply again.
  const ticketNow = await assignOnFirstReply(ctx, user, result.ticket, input.ip, now).catch((error: unknown) => {
    ctx.events.log?.error({ err: error, ticketId: result.ticket.id }, "assign on first reply failed");
    return result.ticket;
  });
  return { ticket: ticketNow, message: result.message };
}
