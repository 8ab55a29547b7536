/**
 * The staff ticket page's calls (spec 2 §7). Answers are the server's staff views
 * (common/schemas/staffTickets.ts); every action answers the updated ticket, which replaces the
 * page's copy.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Category, PriorityLevel } from "../../../../common/schemas/setupResponses.ts";
import type {
  FastAction,
  FastActionExcusesResponse,
  FetchDevsResponse,
  FetchStaffTicketResponse,
  StaffMemberView,
  StaffTicketFull,
} from "../../../../common/schemas/staffTickets.ts";
import { api } from "../../api/client.ts";

export type { FastAction, StaffMemberView, StaffTicketFull };

export const staffTicketKey = (ticketId: number) => ["staff-ticket", ticketId] as const;

export function useStaffTicket(ticketId: number | null, email: string | undefined, createdAt: number | undefined) {
  return useQuery({
    queryKey: staffTicketKey(ticketId ?? 0),
    queryFn: () =>
      api.post<FetchStaffTicketResponse>("/api/tickets/fetch-ticket", { ticket_id: ticketId, email, createdAt }),
    enabled: ticketId !== null,
    retry: false,
  });
}

/** Puts an action's answer in place of the page's ticket. */
export function useSetTicket(ticketId: number) {
  const queryClient = useQueryClient();
  return useCallback(
    (ticket: StaffTicketFull) =>
      queryClient.setQueryData<FetchStaffTicketResponse>(staffTicketKey(ticketId), (old) =>
        old ? { ...old, ticket } : old,
      ),
    [queryClient, ticketId],
  );
}

export function useAllCategories() {
  return useQuery({
    queryKey: ["setup", "categories", "with-deleted"],
    queryFn: async () => {
      const [live, deleted] = await Promise.all([
        api.get<{ categories: Category[] }>("/api/setup/fetch-categories"),
        api.get<{ deleted_categories: Category[] }>("/api/setup/fetch-deleted-categories"),
      ]);
      return { live: live.categories, deleted: deleted.deleted_categories };
    },
    staleTime: 60_000,
  });
}

export function usePriorities() {
  return useQuery({
    queryKey: ["setup", "priorities"],
    queryFn: async () =>
      (await api.get<{ priority_levels: PriorityLevel[] }>("/api/setup/fetch-priority-levels")).priority_levels,
    staleTime: 5 * 60_000,
  });
}

export function useDevs() {
  return useQuery({
    queryKey: ["staff", "devs"],
    queryFn: async () => (await api.get<FetchDevsResponse>("/api/users/fetch-devs")).devs,
    staleTime: 60_000,
  });
}

export function useExcuses() {
  return useQuery({
    queryKey: ["staff", "fast-action-excuses"],
    queryFn: async () =>
      (await api.get<FastActionExcusesResponse>("/api/tickets/fetch-fast-action-excuses")).fast_action_excuses,
    staleTime: 5 * 60_000,
  });
}

type TicketAnswer = { ticket: StaffTicketFull };
type TicketDataAnswer = { ticket_data: StaffTicketFull };

export const ticketActions = {
  update: async (ticketId: number, category: number, priority: number) =>
    (
      await api.post<TicketAnswer>("/api/tickets/update-ticket", {
        ticket_id: ticketId,
        new_category: category,
        new_priority: priority,
      })
    ).ticket,
  /** devId undefined: Auto. */
  assign: async (ticket: StaffTicketFull, category: number, devId: number | undefined) =>
    (
      await api.post<TicketAnswer>("/api/tickets/assign-ticket", {
        devId,
        ticketId: ticket.id,
        category,
        server: ticket.server,
        prevDevId: ticket.assignedTo ?? undefined,
        chatId: ticket.chat_id,
      })
    ).ticket,
  hold: async (ticketId: number) =>
    (await api.post<TicketDataAnswer>("/api/tickets/put-ticket-on-hold", { ticket_id: ticketId })).ticket_data,
  reopen: async (ticketId: number, forReply = false) =>
    (await api.post<TicketDataAnswer>("/api/tickets/reopen-ticket", { ticket_id: ticketId, for_reply: forReply }))
      .ticket_data,
  complete: async (ticketId: number, action: FastAction, excuse: string, unanswered: boolean) =>
    (
      await api.post<TicketDataAnswer>("/api/tickets/submit-ticket-complete", {
        ticket_id: ticketId,
        action,
        unanswered,
        excuse,
      })
    ).ticket_data,
  retain: async (ticketId: number, retain: boolean) =>
    (await api.post<TicketAnswer>("/api/tickets/set-retain-attachments", { ticket_id: ticketId, is_retain: retain }))
      .ticket,
};
