/**
 * The calls of the staff ticket list (spec/2-staff-ticket-work.md §7): the two searches, the views'
 * counts (docs/decisions/views.md), the staff and setup lists its filters offer, and the bulk
 * action on the selected rows (docs/decisions/bulk-actions.md). The chat-list calls (in-chats toggle) live in features/chatList/api.ts.
 */
import { useQuery } from "@tanstack/react-query";
import { api, type RouteFields, type RouteOutput } from "../../api/client.ts";
import { fetchStaffMembers } from "../../api/staff.ts";
import type { SearchBody } from "./listState.ts";

export type TicketSearchResponse = RouteOutput<"paginationSearchTickets">;
export type ListTicket = TicketSearchResponse["tickets"][number];

export type TicketViewCount = RouteOutput<"fetchTicketViews">["views"][number];

export const ticketListKeys = {
  all: ["staff-ticket-list"] as const,
  views: ["staff-ticket-views"] as const,
  search: (body: SearchBody) => ["staff-ticket-list", body] as const,
  devs: ["users", "devs"] as const,
  priorities: ["setup", "priorities"] as const,
};

/** The advanced search goes as multipart (spec/2-staff-ticket-work.md §7); the plain one as a form. */
export async function searchTickets(body: SearchBody, advanced: boolean): Promise<TicketSearchResponse> {
  if (!advanced) return api.call("paginationSearchTickets", body);
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) if (value !== undefined) form.append(key, String(value));
  return api.call("advancedSearchTickets", form);
}

/** The views above the list and their counts; views_changed reads them again (useViewsLive). */
export function useTicketViews() {
  return useQuery({
    queryKey: ticketListKeys.views,
    queryFn: async (): Promise<TicketViewCount[]> => (await api.call("fetchTicketViews")).views,
    retry: false,
  });
}

export function useDevs() {
  return useQuery({
    queryKey: ticketListKeys.devs,
    queryFn: fetchStaffMembers,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePriorities() {
  return useQuery({
    queryKey: ticketListKeys.priorities,
    queryFn: async () => (await api.call("fetchPriorityLevels")).priority_levels,
    staleTime: 5 * 60_000,
  });
}

export type BulkActionBody = RouteFields<"bulkTicketAction">;
export type BulkActionResult = RouteOutput<"bulkTicketAction">;

/** One action on many tickets: the server answers which it changed and why it refused the others. */
export function bulkTicketAction(body: BulkActionBody): Promise<BulkActionResult> {
  return api.call("bulkTicketAction", body);
}
