/**
 * Who may call what: every HTTP route and every inbound socket event, with a valid request and
 * the expected outcome for each kind of caller. Derived from the spec (spec/1-product-frame.md §2, §4, §6, §7;
 * spec/2-staff-ticket-work.md §6, §7) and docs/decisions/security.md, not from what the handlers happen to do.
 *
 * server/authorization.test.ts runs every cell on both engines and fails on any registered route
 * or socket event without a row here, so a new route is not done until it says who may call it.
 * The fuzz test (server/test/fuzz/) takes each route's input schema from here.
 *
 * A cell that fails today for a known reason is listed in `known` with that reason:
 * `pending: <finding>` for a fix that has not landed yet, `spec: <…>` where the code
 * and the spec disagree. Such cells run as expected failures: once the cause is fixed they turn
 * red, and the mark comes out.
 */
import { z } from "zod";
import { changeLanguageBody, loginBody, passwordTokenBody, setupPasswordBody } from "../../common/schemas/auth.ts";
import {
  announcementReadPayload,
  fetchChatBody,
  messagesReadPayload,
  newChatMessageBody,
  sendMessagePayload,
  userTicketVisitPayload,
} from "../../common/schemas/chat.ts";
import { upsertMemberBody } from "../../common/schemas/integration.ts";
import {
  memberTicketHistoryBody,
  searchTicketTemporaryBody,
  submitMemberTicketBody,
  submitTemporaryTicketBody,
  ticketIdBody,
} from "../../common/schemas/tickets.ts";
import { joinChatroomPayload } from "../../common/socket-events.ts";
import { ACCOUNT_ROUTES, ACCOUNT_SOCKETS } from "./access/account.ts";
import { BANS_ROUTES, BANS_SOCKETS } from "./access/bans.ts";
import { CHAT_LIST_ROUTES, CHAT_LIST_SOCKETS } from "./access/chatList.ts";
import { CONTENT_ROUTES, CONTENT_SOCKETS } from "./access/content.ts";
import { DASHBOARD_ROUTES, DASHBOARD_SOCKETS } from "./access/dashboard.ts";
import { LIMITS_ROUTES, LIMITS_SOCKETS } from "./access/limits.ts";
import { NOTES_ROUTES, NOTES_SOCKETS } from "./access/notes.ts";
import { OPERATIONS_ROUTES } from "./access/operations.ts";
import { PLAYER_ADMIN_ROUTES, PLAYER_ADMIN_SOCKETS } from "./access/playerAdmin.ts";
import { SEARCH_ROUTES, SEARCH_SOCKETS } from "./access/search.ts";
import { SETUP_ADMIN_ROUTES, SETUP_ADMIN_SOCKETS } from "./access/setupAdmin.ts";
import { type AccessFixtures, outcomes, type RouteAccess, type SocketAccess, socketOutcomes } from "./access/shared.ts";
import { SIGNALS_ROUTES, SIGNALS_SOCKETS } from "./access/signals.ts";
import { STAFF_CHAT_ROUTES, STAFF_CHAT_SOCKETS } from "./access/staffChat.ts";
import { STAFF_USERS_ROUTES, STAFF_USERS_SOCKETS } from "./access/staffUsers.ts";
import { TICKET_ACTIONS_ROUTES, TICKET_ACTIONS_SOCKETS } from "./access/ticketActions.ts";
import { TICKET_PRESENCE_SOCKETS } from "./access/ticketPresence.ts";

export * from "./access/shared.ts";

const PAGE = [200, 503] as const;
const pngPart = (f: AccessFixtures) => ({ field: "files", name: f.png.name, bytes: f.png.bytes });

/** The one ticket a caller names: A's, the visitor's own, or another ticket of the visitor. */
const onTicketA = (f: AccessFixtures) => ({ ticket_id: f.ticketA.id });
const onTempTicket = (f: AccessFixtures) => ({ ticket_id: f.tempTicket.id });

/** Player ticket calls: the owner only; staff have their own calls and get 404 (docs/decisions/player-side.md). */
const OWNER_A = outcomes({ anonymous: 401, temporary: 404, memberA: 200, memberB: 404, staff: 404 });
const OWNER_TEMP = outcomes({ anonymous: 401, temporary: 200, members: 404, staff: 404 });
/** Chat calls: the owner and staff (spec/2-staff-ticket-work.md §7, §6 "Reply for all"). */
const CHAT_A = outcomes({ anonymous: 401, temporary: 404, memberA: 200, memberB: 404, staff: 200 });
const CHAT_TEMP = outcomes({ anonymous: 401, temporary: 200, members: 404, staff: 200 });

const BASE_ROUTES: RouteAccess[] = [
  // ---- sessions (spec/1-product-frame.md §4, §7)
  {
    method: "GET",
    url: "/auth/pulse-check",
    schema: null,
    cases: [{ name: "own session", request: () => ({}), expect: outcomes({ everyone: 200, anonymous: 401 }) }],
  },
  {
    method: "POST",
    url: "/auth/login",
    schema: loginBody,
    cases: [
      {
        // 409 = already signed in (spec/1-product-frame.md §4, §7); a temporary visitor may still sign in.
        name: "A's e-mail and password",
        request: (f) => ({ json: { username: f.memberA.email, password: f.memberA.password, captchaToken: "" } }),
        expect: outcomes({ anonymous: 200, temporary: 200, members: 409, staff: 409 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/auth/logout",
    schema: null,
    // Harmless without a session (docs/decisions/security.md): it hands out a fresh pre-session token.
    cases: [{ name: "own session", request: () => ({}), expect: outcomes({ everyone: 200 }) }],
  },
  {
    method: "POST",
    url: "/auth/logout-everywhere",
    schema: null,
    // Every signed-in user may end all of their own sessions.
    cases: [{ name: "own sessions", request: () => ({}), expect: outcomes({ signedIn: 200, anonymous: 401 }) }],
  },
  {
    method: "POST",
    url: "/auth2/check-password-token",
    schema: passwordTokenBody,
    // The token is the credential: whoever holds it may check it.
    cases: [
      {
        name: "a valid token",
        request: async (f) => ({ json: { password_token: await f.passwordToken() } }),
        expect: outcomes({ everyone: 200 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/auth2/setup-password",
    schema: setupPasswordBody,
    cases: [
      {
        name: "a valid token, a strong password",
        request: async (f) => ({ json: { password_token: await f.passwordToken(), new_password: "Str0ng-Enough!" } }),
        expect: outcomes({ everyone: 200 }),
      },
    ],
  },

  // ---- permissions and profile (spec/1-product-frame.md §6, §7)
  {
    method: "GET",
    url: "/api/permissions/get-permissions",
    schema: null,
    cases: [{ name: "own list", request: () => ({}), expect: outcomes({ signedIn: 200, anonymous: 401 }) }],
  },
  {
    method: "POST",
    url: "/api/permissions/get-guest-permissions",
    schema: null,
    cases: [{ name: "guest list", request: () => ({}), expect: outcomes({ everyone: 200 }) }],
  },
  {
    method: "POST",
    url: "/api/profile/change-language-preference",
    schema: changeLanguageBody,
    // Stored per user on the server; anonymous visitors keep theirs locally (spec/1-product-frame.md §4).
    cases: [
      {
        name: "own language",
        request: () => ({ json: { language: "de" } }),
        expect: outcomes({ signedIn: 200, anonymous: 401 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/profile/fetch-user-preferences",
    schema: null,
    cases: [
      {
        // spec/1-product-frame.md §6 says the staff client loads staff preferences; a member's own record holds
        // the history page size, so members read theirs too (docs/decisions/player-side.md). Temporary
        // visitors have no preferences.
        name: "own preferences",
        request: () => ({}),
        expect: outcomes({ anonymous: 401, temporary: 403, members: 200, staff: 200 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/api/members/get-member",
    schema: null,
    cases: [
      {
        name: "own account",
        request: () => ({}),
        expect: outcomes({ anonymous: 401, temporary: 403, members: 200, staff: 403 }),
      },
    ],
  },

  // ---- public configuration and lists (spec/1-product-frame.md §2, §7)
  {
    method: "GET",
    url: "/api/config/public",
    schema: null,
    cases: [{ name: "read", request: () => ({}), expect: outcomes({ everyone: 200 }) }],
  },
  {
    method: "GET",
    url: "/api/captcha/challenge",
    schema: null,
    cases: [{ name: "read", request: () => ({}), expect: outcomes({ everyone: 200 }) }],
  },
  ...(["fetch-categories", "fetch-priority-levels", "fetch-servers", "fetch-faqs"] as const).map(
    (name): RouteAccess => ({
      method: "GET",
      url: `/api/setup/${name}`,
      schema: null,
      cases: [{ name: "read", request: () => ({}), expect: outcomes({ everyone: 200 }) }],
    }),
  ),
  ...(["fetch-deleted-categories", "fetch-deleted-priority-levels", "fetch-deleted-servers"] as const).map(
    (name): RouteAccess => ({
      method: "GET",
      url: `/api/setup/${name}`,
      schema: null,
      // Deleted lists serve the staff pages (spec/1-product-frame.md §7, spec/3-staff-administration.md): staff only.
      cases: [
        {
          name: "read",
          request: () => ({}),
          expect: outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 200 }),
        },
      ],
    }),
  ),
  {
    method: "GET",
    url: "/api/announcements/fetch-active-announcements",
    schema: null,
    cases: [{ name: "read", request: () => ({}), expect: outcomes({ everyone: 200 }) }],
  },

  // ---- player tickets (spec/1-product-frame.md §2, §4, §7)
  {
    method: "POST",
    url: "/api/tickets/submit-member-ticket",
    schema: submitMemberTicketBody,
    multipart: true,
    cases: [
      {
        // Member B names A's character: B has none of that name on that server (422).
        name: "a ticket about A's character",
        request: (f) => ({
          json: {
            category: f.categoryId,
            server: f.memberA.serverId,
            characterName: f.memberA.characterName,
            subject: "Stuck",
            description: "My character is stuck.",
            captchaToken: "",
          },
        }),
        expect: outcomes({ anonymous: 401, temporary: 403, memberA: 200, memberB: 422, staff: 403 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/submit-temporary-ticket",
    schema: submitTemporaryTicketBody,
    multipart: true,
    cases: [
      {
        // Members and staff file from their own area (409, as at sign-in).
        name: "a new e-mail",
        request: (f) => ({
          json: {
            email: `visitor-${f.unique()}@example.test`,
            name: "Visitor",
            category: f.categoryId,
            server: f.memberA.serverId,
            subject: "Cannot register",
            description: "The registration page fails.",
            captchaToken: "",
          },
        }),
        expect: outcomes({ anonymous: 200, temporary: 200, members: 409, staff: 409 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/search-ticket-temporary",
    schema: searchTicketTemporaryBody,
    multipart: true,
    cases: [
      {
        // A temporary session may switch to another of its tickets (docs/decisions/player-side.md).
        name: "the visitor's ticket id and e-mail",
        request: (f) => ({ json: { ticket_id: f.tempTicket.id, email: f.tempTicket.email } }),
        expect: outcomes({ anonymous: 200, temporary: 200, members: 409, staff: 409 }),
      },
      {
        name: "A's ticket id and e-mail (a member's ticket is not a temporary one)",
        request: (f) => ({ json: { ticket_id: f.ticketA.id, email: f.memberA.email } }),
        expect: outcomes({ anonymous: 404, temporary: 404, members: 409, staff: 409 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/member-ticket-history",
    schema: memberTicketHistoryBody,
    cases: [
      {
        name: "own history",
        request: () => ({ json: { page: 1 } }),
        expect: outcomes({ anonymous: 401, temporary: 403, members: 200, staff: 403 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/fetch-member-ticket",
    schema: ticketIdBody,
    cases: [
      { name: "A's ticket", request: (f) => ({ json: onTicketA(f) }), expect: OWNER_A },
      { name: "the visitor's ticket", request: (f) => ({ json: onTempTicket(f) }), expect: OWNER_TEMP },
      {
        name: "another ticket of the visitor's e-mail",
        request: (f) => ({ json: { ticket_id: f.tempOtherTicket.id } }),
        expect: outcomes({ anonymous: 401, temporary: 404, members: 404, staff: 404 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/tickets/submit-ticket-complete-member",
    schema: ticketIdBody,
    cases: [
      { name: "A's ticket", request: (f) => ({ json: onTicketA(f) }), expect: OWNER_A },
      {
        // Temporary users follow their ticket but do not close it (spec/1-product-frame.md §2): 403 on their own.
        name: "the visitor's ticket",
        request: (f) => ({ json: onTempTicket(f) }),
        expect: outcomes({ anonymous: 401, temporary: 403, members: 404, staff: 404 }),
      },
    ],
  },

  // ---- chat and files (spec/2-staff-ticket-work.md §7)
  {
    method: "POST",
    url: "/api/fetch-chat",
    schema: fetchChatBody,
    cases: [
      { name: "A's chat", request: (f) => ({ json: { chat_id: f.ticketA.chatId } }), expect: CHAT_A },
      { name: "the visitor's chat", request: (f) => ({ json: { chat_id: f.tempTicket.chatId } }), expect: CHAT_TEMP },
    ],
  },
  {
    method: "POST",
    url: "/api/new-chat-message",
    schema: newChatMessageBody,
    multipart: true,
    cases: [
      {
        name: "A's chat",
        request: (f) => ({ json: { chatId: f.ticketA.chatId, message: "Any news?" } }),
        expect: CHAT_A,
      },
      {
        name: "A's chat, with a file",
        request: (f) => ({ multipart: { fields: { chatId: f.ticketA.chatId }, files: [pngPart(f)] } }),
        expect: CHAT_A,
      },
      {
        name: "the visitor's chat",
        request: (f) => ({ json: { chatId: f.tempTicket.chatId, message: "Any news?" } }),
        expect: CHAT_TEMP,
      },
      {
        name: "A's chat, quoting a player-visible message",
        request: (f) => ({
          json: { chatId: f.ticketA.chatId, message: "As I said", reply_to: { id: f.playerMessageA } },
        }),
        expect: CHAT_A,
      },
      {
        // Finding 5: a quote resolves only among messages the sender's audience may see.
        name: "A's chat, quoting a staff-only message",
        request: (f) => ({
          json: { chatId: f.ticketA.chatId, message: "What is this?", reply_to: { id: f.staffOnlyMessageA } },
        }),
        expect: outcomes({ anonymous: 401, temporary: 404, memberA: 422, memberB: 404, staff: 200 }),
      },
      {
        name: "A's chat, attaching A's unattached upload",
        request: (f) => ({ json: { chatId: f.ticketA.chatId, fileUrls: `/download/${f.uploads.aUnattached}` } }),
        // The upload is A's: anyone else naming it is refused (422), and B may not write there at all.
        expect: outcomes({ anonymous: 401, temporary: 404, memberA: 200, memberB: 404, staff: 422 }),
      },
    ],
  },
  {
    method: "POST",
    url: "/api/upload-files",
    schema: null,
    multipart: true,
    cases: [
      {
        name: "one image",
        request: (f) => ({ multipart: { files: [pngPart(f)] } }),
        expect: outcomes({ signedIn: 200, anonymous: 401 }),
      },
    ],
  },
  {
    method: "GET",
    url: "/download/:filename",
    schema: z.object({ filename: z.string().max(100) }),
    input: "params",
    cases: [
      {
        name: "a file on A's ticket",
        request: (f) => ({ path: `/download/${f.uploads.aOnTicketA}` }),
        expect: CHAT_A,
      },
      {
        // Not attached yet: only the uploader (docs/decisions/uploads.md).
        name: "A's unattached upload",
        request: (f) => ({ path: `/download/${f.uploads.aUnattached}` }),
        expect: outcomes({ anonymous: 401, temporary: 404, memberA: 200, memberB: 404, staff: 404 }),
      },
      {
        name: "a file on the visitor's ticket",
        request: (f) => ({ path: `/download/${f.uploads.tempOnTempTicket}` }),
        expect: CHAT_TEMP,
      },
      {
        // Finding 4: a temporary session reaches only its own ticket's files, not every file of the e-mail.
        name: "a file on another ticket of the visitor's e-mail",
        request: (f) => ({ path: `/download/${f.uploads.tempOnOtherTicket}` }),
        expect: outcomes({ anonymous: 401, temporary: 404, members: 404, staff: 200 }),
      },
    ],
  },

  // ---- the game's integration (docs/decisions/player-side.md): the key decides, not the session
  {
    method: "POST",
    url: "/api/integration/upsert-member",
    schema: upsertMemberBody,
    csrf: false,
    cases: [
      {
        name: "without the key",
        request: (f) => ({ json: { email: `game-${f.unique()}@example.test`, name: "Gamer" } }),
        expect: outcomes({ everyone: 401 }),
      },
      {
        name: "with the key",
        request: (f) => ({
          json: { email: `game-${f.unique()}@example.test`, name: "Gamer" },
          headers: { authorization: `Bearer ${f.integrationKey}` },
        }),
        expect: outcomes({ everyone: 200 }),
      },
    ],
  },

  // ---- the web app: pages for everyone; the client router applies the redirect rules (spec/1-product-frame.md §2)
  {
    method: "GET",
    url: "/",
    schema: null,
    cases: [{ name: "page", request: () => ({}), expect: outcomes({ everyone: PAGE }) }],
  },
  {
    method: "GET",
    url: "/*",
    schema: null,
    onlyWhenBuilt: true,
    cases: [{ name: "static file", request: () => ({ path: "/favicon.svg" }), expect: outcomes({ everyone: 200 }) }],
  },
];

const SOCKET_CHAT_A = socketOutcomes({ temporary: "not_found", memberA: "ok", memberB: "not_found", staff: "ok" });

/** Anonymous callers never get a socket: the handshake needs a session (DESIGN security baseline). */
const BASE_SOCKETS: SocketAccess[] = [
  {
    event: "join_chatroom",
    schema: joinChatroomPayload,
    cases: [
      {
        name: "A's chat",
        payload: (f) => ({ room_id: f.ticketA.chatId }),
        expect: socketOutcomes({ temporary: "forbidden", memberA: "ok", memberB: "forbidden", staff: "ok" }),
      },
      {
        name: "the visitor's chat",
        payload: (f) => ({ room_id: f.tempTicket.chatId }),
        expect: socketOutcomes({ temporary: "ok", members: "forbidden", staff: "ok" }),
      },
      {
        // A user's personal room carries what is meant for that user alone.
        name: "A's personal room",
        payload: (f) => ({ room_id: f.memberA.id, name: f.memberA.id }),
        expect: socketOutcomes({ signedIn: "forbidden", memberA: "ok" }),
      },
    ],
  },
  {
    event: "leave_chatroom",
    schema: joinChatroomPayload,
    // Leaving a room one is not in changes nothing and reveals nothing.
    cases: [
      { name: "A's chat", payload: (f) => ({ room_id: f.ticketA.chatId }), expect: socketOutcomes({ signedIn: "ok" }) },
    ],
  },
  {
    event: "send_message",
    schema: sendMessagePayload,
    cases: [
      {
        name: "A's chat",
        payload: (f) => ({ messageObj: { chatId: f.ticketA.chatId, message: "Hello" } }),
        expect: SOCKET_CHAT_A,
      },
      {
        name: "A's chat, quoting a staff-only message",
        payload: (f) => ({
          messageObj: { chatId: f.ticketA.chatId, message: "What is this?" },
          reply_to: { id: f.staffOnlyMessageA },
        }),
        expect: socketOutcomes({ temporary: "not_found", memberA: "validation", memberB: "not_found", staff: "ok" }),
      },
    ],
  },
  {
    event: "messages_read",
    schema: messagesReadPayload,
    cases: [{ name: "A's chat", payload: (f) => ({ chat_id: f.ticketA.chatId }), expect: SOCKET_CHAT_A }],
  },
  {
    event: "user_ticket_visit",
    schema: userTicketVisitPayload,
    cases: [{ name: "A's ticket", payload: (f) => ({ ticket_id: f.ticketA.id }), expect: SOCKET_CHAT_A }],
  },
  {
    event: "announcement_read",
    schema: announcementReadPayload,
    // Player announcements carry `read` (spec/1-product-frame.md §3), so every signed-in user keeps read records.
    cases: [
      {
        name: "an active announcement",
        payload: (f) => ({ announcement_id: f.announcementId }),
        expect: socketOutcomes({ signedIn: "ok" }),
      },
    ],
  },
];

/** Every route: the player side and frame above, the staff side by area (./access/). */
export const ACCESS_MATRIX: RouteAccess[] = [
  ...BASE_ROUTES,
  ...SEARCH_ROUTES,
  ...TICKET_ACTIONS_ROUTES,
  ...STAFF_CHAT_ROUTES,
  ...BANS_ROUTES,
  ...CHAT_LIST_ROUTES,
  ...NOTES_ROUTES,
  ...STAFF_USERS_ROUTES,
  ...PLAYER_ADMIN_ROUTES,
  ...SETUP_ADMIN_ROUTES,
  ...DASHBOARD_ROUTES,
  ...ACCOUNT_ROUTES,
  ...CONTENT_ROUTES,
  ...OPERATIONS_ROUTES,
  ...LIMITS_ROUTES,
  ...SIGNALS_ROUTES,
];

export const SOCKET_MATRIX: SocketAccess[] = [
  ...BASE_SOCKETS,
  ...SEARCH_SOCKETS,
  ...TICKET_ACTIONS_SOCKETS,
  ...STAFF_CHAT_SOCKETS,
  ...BANS_SOCKETS,
  ...CHAT_LIST_SOCKETS,
  ...NOTES_SOCKETS,
  ...STAFF_USERS_SOCKETS,
  ...PLAYER_ADMIN_SOCKETS,
  ...SETUP_ADMIN_SOCKETS,
  ...DASHBOARD_SOCKETS,
  ...ACCOUNT_SOCKETS,
  ...CONTENT_SOCKETS,
  ...LIMITS_SOCKETS,
  ...SIGNALS_SOCKETS,
  ...TICKET_PRESENCE_SOCKETS,
];
