/** The player calls of spec/3-staff-administration.md §7: pagination-search-members and get-member-information. */
import { api, type RouteOutput } from "../../api/client.ts";
import type { MemberSearchBody } from "./memberSearch.ts";

export type PaginationSearchMembersResponse = RouteOutput<"paginationSearchMembers">;
export type GetMemberInformationResponse = RouteOutput<"getMemberInformation">;
export type StaffMember = PaginationSearchMembersResponse["members"][number];

export const playerKeys = {
  search: (body: MemberSearchBody) => ["players", "search", body] as const,
  information: (memberId: number) => ["players", "information", memberId] as const,
};

export function searchMembers(body: MemberSearchBody) {
  return api.call("paginationSearchMembers", body);
}

export function fetchMemberInformation(memberId: number) {
  return api.call("getMemberInformation", { member_id: memberId });
}
