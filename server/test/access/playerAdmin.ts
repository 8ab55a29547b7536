/** Authorization rows for player search and profile for staff: /api/members/pagination-search-members, get-member-information (spec/3-staff-administration.md §2.3, §7). */
import { getMemberInformationBody, paginationSearchMembersBody } from "../../../common/schemas/playerAdmin.ts";
import { outcomes, type RouteAccess, type SocketAccess } from "./shared.ts";

/** members:view: every rank holds it by default (a rank without it: server/routes/playerAdmin.test.ts). */
const MEMBERS_VIEW = outcomes({ anonymous: 401, temporary: 403, members: 403, staff: 200 });

export const PLAYER_ADMIN_ROUTES: RouteAccess[] = [
  {
    method: "POST",
    url: "/api/members/pagination-search-members",
    schema: paginationSearchMembersBody,
    multipart: true,
    cases: [
      {
        name: "member A's e-mail, Exact",
        request: (f) => ({ json: { email: f.memberA.email, email_mode: 2, entries_per_page: 10 } }),
        expect: MEMBERS_VIEW,
      },
      {
        name: "the banned list, as a multipart form",
        request: () => ({ multipart: { fields: { banned: "true", page: "1" } } }),
        expect: MEMBERS_VIEW,
      },
    ],
  },
  {
    method: "POST",
    url: "/api/members/get-member-information",
    schema: getMemberInformationBody,
    multipart: true,
    cases: [
      { name: "member A", request: (f) => ({ json: { member_id: f.memberA.id } }), expect: MEMBERS_VIEW },
      {
        name: "member B, as a multipart form",
        request: (f) => ({ multipart: { fields: { member_id: String(f.memberB.id) } } }),
        expect: MEMBERS_VIEW,
      },
    ],
  },
];

export const PLAYER_ADMIN_SOCKETS: SocketAccess[] = [];
