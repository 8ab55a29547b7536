/**
 * Internal notes of a ticket (spec/2-staff-ticket-work.md §3: "like a chat message, with type note or
 * deleted_notification, sent in the notes room") and quick replies (spec/2-staff-ticket-work.md §7). Staff only.
 */
import { z } from "zod";
import { STAFF_RANKS, USER_CLASSES } from "../permissions.ts";
import { STAFF_MESSAGE_MAX } from "./chat.ts";
import { replyQuote } from "./chatResponses.ts";

const MAX_ID = 2_147_483_647;
const id = z.coerce.number().int().positive().max(MAX_ID);

/** A ticket's notes room id: `notes-{ticketId}` (distinct from `chat-{id}` and user ids). */
export function encodeNotesId(ticketId: number): string {
  return `notes-${ticketId}`;
}

/** The ticket id of a notes id `notes-{ticketId}`, or null. */
export function decodeNotesId(value: unknown): number | null {
  if (typeof value !== "string") return null;
  const match = /^notes-(\d{1,10})$/.exec(value.trim());
  const ticketId = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(ticketId) && ticketId > 0 && ticketId <= MAX_ID ? ticketId : null;
}

/** A notes id parsed to its ticket id. */
export const notesId = z
  .string()
  .max(40)
  .transform((value, ctx) => {
    const ticketId = decodeNotesId(value);
    if (ticketId === null) {
      ctx.addIssue({ code: "custom", message: "not a notes id (notes-{ticketId})" });
      return z.NEVER;
    }
    return ticketId;
  });

/** `ticket_id`, when sent beside `notes_id`, must name the same ticket. */
function sameTicket<T extends { notes_id: number; ticket_id?: number | undefined }>(value: T, ctx: z.RefinementCtx) {
  if (value.ticket_id !== undefined && value.ticket_id !== value.notes_id) {
    ctx.addIssue({ code: "custom", path: ["ticket_id"], message: "ticket_id does not match notes_id" });
  }
}

/** POST /api/fetch-notes. */
export const fetchNotesBody = z.object({ notes_id: notesId, ticket_id: id.optional() }).superRefine(sameTicket);

/** socket send_note {notes_id, ticket_id, message, reply_to?}. */
export const sendNotePayload = z
  .object({
    notes_id: notesId,
    ticket_id: id.optional(),
    message: z.string().trim().min(1).max(STAFF_MESSAGE_MAX),
    /** The quoted note: only its id counts, its text is read from the database. */
    reply_to: z
      .object({
        id: id,
        sender_name: z.string().max(200).optional(),
        message: z.string().max(STAFF_MESSAGE_MAX).optional(),
      })
      .nullable()
      .optional(),
  })
  .superRefine(sameTicket);
export type SendNotePayload = z.output<typeof sendNotePayload>;

/** socket edit_note {notes_id, message_id, message}: the shape of edit_message. */
export const editNotePayload = z.object({
  notes_id: notesId,
  message_id: id,
  message: z.string().trim().min(1).max(STAFF_MESSAGE_MAX),
});

/** socket delete_note {notes_id, message_id}: the shape of delete_message. */
export const deleteNotePayload = z.object({ notes_id: notesId, message_id: id });

const int = z.number().int();

/** A note as staff receive it (only staff ever do). */
export const note = z.object({
  id: int,
  notesId: z.string(),
  ticket_id: int,
  type: z.enum(["note", "deleted_notification"]),
  sender_id: int.nullable(),
  sender_name: z.string(),
  user_class: z.enum(USER_CLASSES),
  /** Empty for a deleted note. */
  message: z.string(),
  /** Epoch seconds. */
  timestamp: z.number(),
  reply_to: replyQuote.nullable(),
  edited: z.boolean(),
  deleted: z.boolean(),
});
export type Note = z.infer<typeof note>;

/** A writer of notes: name and picture for the panel. */
export const noteWriter = z.object({
  id: int,
  name: z.string(),
  avatar: z.string(),
  rank: z.union([z.enum(STAFF_RANKS), z.literal("user")]),
});
export type NoteWriter = z.infer<typeof noteWriter>;

export const fetchNotesResponse = z.object({ notes: z.array(note), users: z.array(noteWriter) });
export type FetchNotesResponse = z.infer<typeof fetchNotesResponse>;

/** POST /api/setup/fetch-category-quick-replies. */
export const fetchCategoryQuickRepliesBody = z.object({ category: id });

export const quickReply = z.object({
  id: int,
  title: z.string(),
  message: z.string(),
  /** Category ids; empty: the reply is offered in every category. */
  categories: z.array(int),
});
export type QuickReply = z.infer<typeof quickReply>;
export const fetchCategoryQuickRepliesResponse = z.object({ quick_replies: z.array(quickReply) });
