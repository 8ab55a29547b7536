/**
 * The calls of the staff ticket list (spec 2 §7): the two searches, the staff and setup lists its
 * filters offer. The chat-list calls (in-chats toggle) live in features/chatList/api.ts.
 */
import { useQuery } from "@tanstack/react-query";
import type { PriorityLevel } from "../../../../common/schemas/setupResponses.ts";
import type { TicketSearchResponse } from "../../../../common/schemas/ticketSearch.ts";
import { api } from "../../api/client.ts";
import type { SearchBody } from "./listState.ts";

export type { TicketSearchResponse };
export type ListTicket = TicketSearchResponse["tickets"][number];

/** A staff member as GET /api/users/fetch-devs answers (spec 3 §7). */
export interface Dev {
  id: number;
  name: string;
  avatar: string | null;
  rank: string;
  categories: number[];
  servers: number[];
}

export const ticketListKeys = {
  all: ["staff-ticket-list"] as const,
  search: (body: SearchBody) => ["staff-ticket-list", body] as const,
  devs: ["users", "devs"] as const,
  priorities: ["setup", "priorities"] as const,
};

/** The advanced search goes as multipart (spec 2 §7); the plain one as a form. */
export async function searchTickets(body: SearchBody, advanced: boolean): Promise<TicketSearchResponse> {
  if (!advanced) return api.post<TicketSearchResponse>("/api/tickets/pagination-search-tickets", body);
  const form = new FormData();
  for (const [key, value] of Object.entries(body)) if (value !== undefined) form.append(key, String(value));
  return api.upload<TicketSearchResponse>("/api/tickets/advanced-search-tickets", form);
}

export function useDevs() {
  return useQuery({
    queryKey: ticketListKeys.devs,
    queryFn: async () => (await api.get<{ devs: Dev[] }>("/api/users/fetch-devs")).devs,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function usePriorities() {
  return useQuery({
    queryKey: ticketListKeys.priorities,
    queryFn: async () =>
      (await api.get<{ priority_levels: PriorityLevel[] }>("/api/setup/fetch-priority-levels")).priority_levels,
    staleTime: 5 * 60_000,
  });
}
