/**
 * A staff member writes an internal note on a ticket (spec/2-staff-ticket-work.md §3, §7 send_note): stored with any
 * `tag` notifications in one transaction, then announced in the ticket's notes room.
 */
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import type { NoteRow, TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { requireNotesAccess } from "../policies/notes.ts";
import { findNote, insertNote } from "../repositories/notes.ts";
import type { NotificationRow } from "../repositories/notifications.ts";
import { findTicket } from "../repositories/tickets.ts";
import type { UserRow } from "../repositories/users.ts";
import { notifyTagged, publishNotifications } from "./messageNotifications.ts";

export interface SendNoteInput {
  ticketId: number;
  message: string;
  /** The id of a note of the same ticket to quote. */
  replyToId: number | null;
}

/** A ticket's notes for a staff caller: 403 for anyone else, 404 for a ticket that does not exist. */
export async function notesTicket(ctx: AppContext, user: UserRow | null, ticketId: number): Promise<TicketRow> {
  requireNotesAccess(user);
  const ticket = await findTicket(ctx.store.db, ticketId);
  if (!ticket) throw new AppError("not_found", "Ticket not found.");
  return ticket;
}

export async function sendNote(
  ctx: AppContext,
  user: UserRow,
  input: SendNoteInput,
): Promise<{ ticket: TicketRow; note: NoteRow }> {
  const ticket = await notesTicket(ctx, user, input.ticketId);
  const text = input.message.trim();
  if (!text) {
    throw new AppError("validation", [{ loc: ["message"], msg: "Write a note.", type: "empty" }]);
  }
  const now = nowSeconds();
  let notifications: NotificationRow[] = [];
  const note = await ctx.store.db.transaction().execute(async (trx) => {
    let reply: string | null = null;
    if (input.replyToId !== null) {
      // The quote is read from the database: only a live note of this very ticket.
      const quoted = await findNote(trx, ticket.id, input.replyToId);
      if (!quoted || quoted.deleted === 1 || quoted.type !== "note") {
        throw new AppError("validation", [
          { loc: ["reply_to"], msg: "The quoted note does not exist.", type: "not_found" },
        ]);
      }
      reply = JSON.stringify({ id: quoted.id, sender_name: quoted.sender_name, message: quoted.message.slice(0, 300) });
    }
    const row = await insertNote(trx, {
      ticket_id: ticket.id,
      type: "note",
      sender_id: user.id,
      sender_name: user.name,
      message: text,
      timestamp: now,
      reply_to: reply,
      user_class: user.class,
    });
    notifications = await notifyTagged(trx, { text, sender: user, ticket, now });
    return row;
  });
  ctx.events.publish("note.created", { ticket, note });
  publishNotifications(ctx, notifications, ticket);
  return { ticket, note };
}
