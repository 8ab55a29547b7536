/** The player calls of spec/3-staff-administration.md §7: pagination-search-members and get-member-information. */
import { useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import { api, type RouteOutput } from "../../api/client.ts";
import { BAN_HISTORY_KEY } from "../bans/api.ts";
import { staffTicketKey } from "../staffTicket/api.ts";
import type { MemberSearchBody } from "./memberSearch.ts";

export type PaginationSearchMembersResponse = RouteOutput<"paginationSearchMembers">;
export type GetMemberInformationResponse = RouteOutput<"getMemberInformation">;
export type StaffMember = PaginationSearchMembersResponse["members"][number];

export const playerKeys = {
  search: (body: MemberSearchBody) => ["players", "search", body] as const,
  /** Every player's profile (the prefix of `information`). */
  informationAll: ["players", "information"] as const,
  information: (memberId: number) => ["players", "information", memberId] as const,
};

export function searchMembers(body: MemberSearchBody) {
  return api.call("paginationSearchMembers", body);
}

export function fetchMemberInformation(memberId: number) {
  return api.call("getMemberInformation", { member_id: memberId });
}

/**
 * After a ban or unban given on `ticketId`: the profiles and ban histories shown are read again
 * (a ban changes the player's state and every ticket's flag), and so is that ticket.
 */
export function useRefreshAfterBan(): (ticketId: number) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (ticketId: number) => {
      void queryClient.invalidateQueries({ queryKey: playerKeys.informationAll });
      void queryClient.invalidateQueries({ queryKey: BAN_HISTORY_KEY });
      void queryClient.invalidateQueries({ queryKey: staffTicketKey(ticketId) });
    },
    [queryClient],
  );
}
