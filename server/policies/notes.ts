/**
 * Who may read and write internal notes (spec/2-staff-ticket-work.md §6: "staff only see … the notes panel"): staff,
 * on any ticket they may see; each writer changes only their own notes. Players and temporary
 * visitors are refused everywhere, over HTTP and socket alike.
 */
import type { NoteRow } from "../db/schema.ts";
import type { Actor } from "./policy.ts";
import { requireStaff } from "./policy.ts";

/** Throws unless the caller is staff: 401 without a session, 403 for a player. */
export function requireNotesAccess(user: Actor | null): Actor {
  return requireStaff(user);
}

export type NoteChangeRefusal = "forbidden" | "note_not_editable" | null;

/** Another writer's note is forbidden; a deleted one can no longer change. */
export function noteChangeRefusal(user: Actor, note: NoteRow): NoteChangeRefusal {
  if (note.sender_id !== user.id) return "forbidden";
  if (note.type !== "note" || note.deleted === 1) return "note_not_editable";
  return null;
}
