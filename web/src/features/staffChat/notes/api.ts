/**
 * Calls of the notes and quick-reply panels (spec/2-staff-ticket-work.md §7): fetch-notes over HTTP; send_note,
 * edit_note and delete_note over the socket, each answered `{ok, data?, error?}`.
 */
import { ERRORS, type ErrorCode } from "../../../../../common/errors.ts";
import type { FetchNotesResponse, Note, QuickReply } from "../../../../../common/schemas/notes.ts";
import { encodeNotesId } from "../../../../../common/schemas/notes.ts";
import type { ClientEventAnswers } from "../../../../../common/socket-events.ts";
import { ApiError, api } from "../../../api/client.ts";
import { fetchStaffMembers, type StaffMember } from "../../../api/staff.ts";
import type { AppSocket } from "../../../realtime/SocketContext.ts";
import { type ClientPayload, type EventAnswer, emitForAnswer } from "../../../realtime/socketEvents.ts";

export type { Note, QuickReply };

export const notesKey = (ticketId: number) => ["notes", ticketId] as const;
export const quickRepliesKey = (category: number) => ["quick-replies", category] as const;
export const devsKey = ["devs"] as const;

export function fetchNotes(ticketId: number): Promise<FetchNotesResponse> {
  return api.call("fetchNotes", { notes_id: encodeNotesId(ticketId), ticket_id: ticketId });
}

/** Adds or replaces notes by id (a note may come by acknowledgement, socket and refetch). */
export function mergeNotes(list: Note[], incoming: Note[]): Note[] {
  const byId = new Map(list.map((n) => [n.id, n]));
  for (const note of incoming) byId.set(note.id, note);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

type NoteEvent = "send_note" | "edit_note" | "delete_note";

/** Emits a notes event and answers the stored note, or throws the refusal as an ApiError. */
export async function emitNoteEvent<E extends NoteEvent>(
  socket: AppSocket | null,
  event: E,
  payload: ClientPayload<E>,
): Promise<ClientEventAnswers[E]> {
  if (!socket?.connected) throw new ApiError(0, "network_error");
  let answer: EventAnswer<E>;
  try {
    answer = await emitForAnswer(socket, event, payload, 10_000);
  } catch {
    throw new ApiError(0, "network_error");
  }
  if (!answer.ok) {
    const code = (answer.error in ERRORS ? answer.error : "internal") as ErrorCode;
    throw new ApiError(ERRORS[code].status, ERRORS[code].message, code);
  }
  if (!answer.data) throw new ApiError(0, "network_error");
  return answer.data;
}

/** A staff member as the @ suggestions and tag highlighting use them. */
export type StaffEntry = StaffMember;

/** The staff of the @ suggestions. Without them the panel still works, without suggestions. */
export async function fetchDevs(): Promise<StaffEntry[]> {
  try {
    return await fetchStaffMembers();
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}

/** The ticket a `#number` names (its creation second), or null when there is none. */
export async function findTicketByNumber(
  createdAt: number,
): Promise<{ id: number; email: string; createdAt: number } | null> {
  try {
    const answer = await api.call("fetchTicketsByTimestamp", { createdAt });
    return answer.tickets.find((t) => t.createdAt === createdAt) ?? null;
  } catch {
    // A failed lookup leaves the text as it is (spec/2-staff-ticket-work.md §5).
    return null;
  }
}

export async function fetchCategoryQuickReplies(category: number): Promise<QuickReply[]> {
  return (await api.call("fetchCategoryQuickReplies", { category })).quick_replies;
}
