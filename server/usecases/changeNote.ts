/**
 * A staff member edits or deletes one of their own notes (edit_note, delete_note: the shape of
 * edit_message and delete_message). Another writer's note is refused; a deleted note stays as a
 * `deleted_notification` without its text. Each change is a guarded UPDATE.
 */
import type { AppContext } from "../context.ts";
import type { NoteRow, TicketRow } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { noteChangeRefusal } from "../policies/notes.ts";
import { findNote, markNoteDeleted, rewriteQuotesOf, updateNoteText } from "../repositories/notes.ts";
import type { UserRow } from "../repositories/users.ts";
import { notesTicket } from "./sendNote.ts";

export interface NoteRef {
  ticketId: number;
  noteId: number;
}

async function changeableNote(ctx: AppContext, user: UserRow, ref: NoteRef): Promise<TicketRow> {
  const ticket = await notesTicket(ctx, user, ref.ticketId);
  const note = await findNote(ctx.store.db, ticket.id, ref.noteId);
  if (!note) throw new AppError("not_found", "Note not found.");
  const refusal = noteChangeRefusal(user, note);
  if (refusal) throw new AppError(refusal);
  return ticket;
}

export async function editNote(
  ctx: AppContext,
  user: UserRow,
  input: NoteRef & { message: string },
): Promise<{ ticket: TicketRow; note: NoteRow }> {
  const ticket = await changeableNote(ctx, user, input);
  const text = input.message.trim();
  if (!text) throw new AppError("validation", [{ loc: ["message"], msg: "Write a note.", type: "empty" }]);
  const note = await ctx.store.db.transaction().execute(async (trx) => {
    const row = await updateNoteText(trx, ticket.id, input.noteId, user.id, text);
    if (row) await rewriteQuotesOf(trx, row);
    return row;
  });
  // Deleted meanwhile: the guard in the UPDATE kept the edit from writing over the delete.
  if (!note) throw new AppError("note_not_editable");
  ctx.events.publish("note.edited", { ticket, note });
  return { ticket, note };
}

export async function deleteNote(
  ctx: AppContext,
  user: UserRow,
  input: NoteRef,
): Promise<{ ticket: TicketRow; note: NoteRow }> {
  const ticket = await changeableNote(ctx, user, input);
  const note = await ctx.store.db.transaction().execute(async (trx) => {
    const row = await markNoteDeleted(trx, ticket.id, input.noteId, user.id);
    if (row) await rewriteQuotesOf(trx, row);
    return row;
  });
  if (!note) throw new AppError("note_not_editable");
  ctx.events.publish("note.deleted", { ticket, note });
  return { ticket, note };
}
