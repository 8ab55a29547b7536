/** The player calls of spec 3 §7: pagination-search-members and get-member-information. */
import type {
  GetMemberInformationResponse,
  PaginationSearchMembersResponse,
} from "../../../../common/schemas/playerAdmin.ts";
import { api } from "../../api/client.ts";
import type { MemberSearchBody } from "./memberSearch.ts";

export type { GetMemberInformationResponse, PaginationSearchMembersResponse };
export type StaffMember = PaginationSearchMembersResponse["members"][number];

export const playerKeys = {
  search: (body: MemberSearchBody) => ["players", "search", body] as const,
  information: (memberId: number) => ["players", "information", memberId] as const,
};

export function searchMembers(body: MemberSearchBody): Promise<PaginationSearchMembersResponse> {
  return api.post<PaginationSearchMembersResponse>("/api/members/pagination-search-members", body);
}

export function fetchMemberInformation(memberId: number): Promise<GetMemberInformationResponse> {
  return api.post<GetMemberInformationResponse>("/api/members/get-member-information", { member_id: memberId });
}
