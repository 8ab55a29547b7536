/** Authorization rows for notes, message edit and delete, tags and quick replies (spec/2-staff-ticket-work.md §5, §6, §7). */
import { deleteMessagePayload, editMessagePayload } from "../../../common/schemas/messageEdits.ts";
import { type AccessFixtures, type RouteAccess, type SocketAccess, type SocketRole, socketOutcomes } from "./shared.ts";

export const STAFF_CHAT_ROUTES: RouteAccess[] = [];

/** A staff role's own message in A's chat; other roles name the dev's (they may not touch it). */
const ownMessage = (f: AccessFixtures, role: SocketRole) =>
  role === "dev" || role === "mod" || role === "admin" ? f.staffMessagesA[role] : f.staffMessagesA.dev;

/** Non-staff are refused before anything is looked up: they learn nothing of the chat. */
const STAFF_OWN = socketOutcomes({ signedIn: "forbidden", staff: "ok" });

export const STAFF_CHAT_SOCKETS: SocketAccess[] = [
  {
    event: "edit_message",
    schema: editMessagePayload,
    cases: [
      {
        name: "own message in A's chat",
        payload: (f, role) => ({ chat_id: f.ticketA.chatId, message_id: ownMessage(f, role), message: "Edited text" }),
        expect: STAFF_OWN,
      },
      {
        // spec/2-staff-ticket-work.md §6: Edit on one's own messages only.
        name: "the player's message",
        payload: (f) => ({ chat_id: f.ticketA.chatId, message_id: f.playerMessageA, message: "Not yours" }),
        expect: socketOutcomes({ signedIn: "forbidden" }),
      },
      {
        name: "a system message",
        payload: (f) => ({ chat_id: f.ticketA.chatId, message_id: f.staffOnlyMessageA, message: "Not a message" }),
        // The assignment was written by the admin: the admin meets the type rule, others ownership.
        expect: socketOutcomes({ signedIn: "forbidden", admin: "message_not_editable" }),
      },
      {
        name: "own message named in another chat",
        payload: (f, role) => ({ chat_id: f.tempTicket.chatId, message_id: ownMessage(f, role), message: "x" }),
        expect: socketOutcomes({ signedIn: "forbidden", staff: "not_found" }),
      },
    ],
  },
  {
    event: "delete_message",
    schema: deleteMessagePayload,
    cases: [
      {
        name: "own message in A's chat",
        payload: (f, role) => ({ chat_id: f.ticketA.chatId, message_id: ownMessage(f, role) }),
        expect: STAFF_OWN,
      },
      {
        name: "the player's message",
        payload: (f) => ({ chat_id: f.ticketA.chatId, message_id: f.playerMessageA }),
        expect: socketOutcomes({ signedIn: "forbidden" }),
      },
      {
        name: "a system message",
        payload: (f) => ({ chat_id: f.ticketA.chatId, message_id: f.staffOnlyMessageA }),
        expect: socketOutcomes({ signedIn: "forbidden", admin: "message_not_editable" }),
      },
    ],
  },
];
