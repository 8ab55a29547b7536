/** Authorization rows for bans, unbans and ban history (spec/2-staff-ticket-work.md §6, §7). */
import { banBody, banHistoryMemberBody, banHistoryTemporaryBody, unbanBody } from "../../../common/schemas/bans.ts";
import { type AccessFixtures, outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/**
 * Ticket A is REPLIED and assigned to nobody: only an admin may ban or unban from it (the
 * assignee and closer cases are in server/routes/bans.test.ts). Players never may.
 */
const ADMIN_ONLY = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 403, admin: 200 });
/** The admin passes the policy; the player is not banned, so there is nothing to lift. */
const ADMIN_ONLY_NOT_BANNED = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 403, admin: 409 });
const STAFF = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 200 });

const ban = (ticket: (f: AccessFixtures) => number) => (f: AccessFixtures) => ({
  json: { ticket_id: ticket(f), ban_reason: "Spam in the chat", ban_time: 604_800 },
});
const unban = (ticket: (f: AccessFixtures) => number) => (f: AccessFixtures) => ({ json: { ticket_id: ticket(f) } });
const ticketA = (f: AccessFixtures) => f.ticketA.id;
const tempTicket = (f: AccessFixtures) => f.tempTicket.id;

export const BANS_ROUTES: RouteAccess[] = [
  {
    method: "POST",
    url: "/api/tickets/ban-member-user",
    schema: banBody,
    cases: [{ name: "A's member from ticket A", request: ban(ticketA), expect: ADMIN_ONLY }],
  },
  {
    method: "POST",
    url: "/api/tickets/ban-temporary-user",
    schema: banBody,
    cases: [{ name: "the visitor from their ticket", request: ban(tempTicket), expect: ADMIN_ONLY }],
  },
  {
    method: "POST",
    url: "/api/tickets/unban-member-user",
    schema: unbanBody,
    cases: [{ name: "A's member (not banned)", request: unban(ticketA), expect: ADMIN_ONLY_NOT_BANNED }],
  },
  {
    method: "POST",
    url: "/api/tickets/unban-temporary-user",
    schema: unbanBody,
    cases: [{ name: "the visitor (not banned)", request: unban(tempTicket), expect: ADMIN_ONLY_NOT_BANNED }],
  },
  {
    method: "POST",
    url: "/api/tickets/get-ban-history-member",
    schema: banHistoryMemberBody,
    cases: [{ name: "member A", request: (f) => ({ json: { member_id: f.memberA.id } }), expect: STAFF }],
  },
  {
    method: "POST",
    url: "/api/tickets/get-ban-history-temporary",
    schema: banHistoryTemporaryBody,
    cases: [{ name: "the visitor's e-mail", request: (f) => ({ json: { email: f.tempTicket.email } }), expect: STAFF }],
  },
];

export const BANS_SOCKETS: SocketAccess[] = [];
