/**
 * What leaves the server of an internal note. Only staff ever receive notes, so there is one
 * presentation; a deleted note keeps its place but loses its text.
 */
import { replyQuote } from "../../common/schemas/chatResponses.ts";
import { encodeNotesId, type Note, type NoteWriter } from "../../common/schemas/notes.ts";
import type { NoteRow } from "../db/schema.ts";
import type { UserRow } from "../repositories/users.ts";

function parseQuote(json: string | null): Note["reply_to"] {
  if (!json) return null;
  try {
    const stored = JSON.parse(json) as { deleted?: unknown };
    const parsed = replyQuote.safeParse(stored);
    if (!parsed.success) return null;
    const { id, sender_name, message } = parsed.data;
    return { id, sender_name, message: stored.deleted === true ? "" : message };
  } catch {
    return null;
  }
}

export function presentNote(row: NoteRow): Note {
  const deleted = row.deleted === 1 || row.type === "deleted_notification";
  return {
    id: row.id,
    notesId: encodeNotesId(row.ticket_id),
    ticket_id: row.ticket_id,
    type: row.type,
    sender_id: row.sender_id,
    sender_name: row.sender_name,
    user_class: row.user_class,
    message: deleted ? "" : row.message,
    timestamp: row.timestamp,
    reply_to: parseQuote(row.reply_to),
    edited: row.edited === 1,
    deleted,
  };
}

export function presentNoteWriter(user: Pick<UserRow, "id" | "name" | "avatar" | "rank">): NoteWriter {
  return { id: user.id, name: user.name, avatar: user.avatar, rank: user.rank };
}
