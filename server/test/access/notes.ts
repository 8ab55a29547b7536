/**
 * Authorization rows for internal notes and quick replies (spec/2-staff-ticket-work.md §6: the notes panel is for
 * staff only; §7 fetch-notes, send_note, fetch-category-quick-replies). A player or temporary
 * visitor is refused on every call and event (403, `forbidden`), whatever ticket they name.
 */
import {
  deleteNotePayload,
  editNotePayload,
  fetchCategoryQuickRepliesBody,
  fetchNotesBody,
  sendNotePayload,
} from "../../../common/schemas/notes.ts";
import { joinChatroomPayload } from "../../../common/socket-events.ts";
import {
  type AccessFixtures,
  outcomes,
  type RouteAccess,
  type SocketAccess,
  type SocketRole,
  socketOutcomes,
} from "./shared.ts";

const notesOfA = (f: AccessFixtures) => `notes-${f.ticketA.id}`;
const STAFF_ONLY = outcomes({ anonymous: 401, signedIn: 403, staff: 200 });

/** The caller's own note on A's ticket (a player names the admin's). */
function ownNote(f: AccessFixtures, role: SocketRole): number {
  return role === "dev" || role === "mod" || role === "admin" ? f.staffNotesA[role] : f.staffNotesA.admin;
}
/** A note of someone else on A's ticket. */
function othersNote(f: AccessFixtures, role: SocketRole): number {
  return role === "admin" ? f.staffNotesA.dev : f.staffNotesA.admin;
}

export const NOTES_ROUTES: RouteAccess[] = [
  {
    method: "POST",
    url: "/api/fetch-notes",
    schema: fetchNotesBody,
    cases: [
      {
        name: "A's ticket",
        request: (f) => ({ json: { notes_id: notesOfA(f), ticket_id: f.ticketA.id } }),
        expect: STAFF_ONLY,
      },
      {
        name: "the visitor's own ticket",
        request: (f) => ({ json: { notes_id: `notes-${f.tempTicket.id}` } }),
        expect: STAFF_ONLY,
      },
      {
        // Staff learn that it does not exist; a player is refused before anything is looked up.
        name: "a ticket that does not exist",
        request: () => ({ json: { notes_id: "notes-2147483000" } }),
        expect: outcomes({ anonymous: 401, signedIn: 403, staff: 404 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/setup/fetch-category-quick-replies",
    schema: fetchCategoryQuickRepliesBody,
    cases: [{ name: "A's category", request: (f) => ({ json: { category: f.categoryId } }), expect: STAFF_ONLY }],
  },
];

const STAFF_ACK = socketOutcomes({ signedIn: "forbidden", staff: "ok" });

export const NOTES_SOCKETS: SocketAccess[] = [
  {
    event: "join_chatroom",
    schema: joinChatroomPayload,
    cases: [
      { name: "A's notes room", payload: (f) => ({ room_id: notesOfA(f) }), expect: STAFF_ACK },
      {
        name: "the visitor's own notes room",
        payload: (f) => ({ room_id: `notes-${f.tempTicket.id}` }),
        expect: STAFF_ACK,
      },
    ],
  },
  {
    event: "send_note",
    schema: sendNotePayload,
    cases: [
      {
        name: "on A's ticket",
        payload: (f) => ({ notes_id: notesOfA(f), ticket_id: f.ticketA.id, message: "Checked the logs." }),
        expect: STAFF_ACK,
      },
      {
        name: "quoting a note",
        payload: (f) => ({ notes_id: notesOfA(f), message: "Agreed.", reply_to: { id: f.staffNotesA.admin } }),
        expect: STAFF_ACK,
      },
    ],
  },
  {
    event: "edit_note",
    schema: editNotePayload,
    cases: [
      {
        name: "one's own note",
        payload: (f, role) => ({ notes_id: notesOfA(f), message_id: ownNote(f, role), message: "Corrected." }),
        expect: STAFF_ACK,
      },
      {
        name: "another's note",
        payload: (f, role) => ({ notes_id: notesOfA(f), message_id: othersNote(f, role), message: "Corrected." }),
        expect: socketOutcomes({ signedIn: "forbidden" }),
      },
    ],
  },
  {
    event: "delete_note",
    schema: deleteNotePayload,
    cases: [
      {
        name: "one's own note",
        payload: (f, role) => ({ notes_id: notesOfA(f), message_id: ownNote(f, role) }),
        expect: STAFF_ACK,
      },
      {
        name: "another's note",
        payload: (f, role) => ({ notes_id: notesOfA(f), message_id: othersNote(f, role) }),
        expect: socketOutcomes({ signedIn: "forbidden" }),
      },
    ],
  },
];
