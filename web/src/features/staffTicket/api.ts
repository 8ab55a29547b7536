/**
 * The staff ticket page's calls (spec/2-staff-ticket-work.md §7). Answers are the server's staff views
 * (common/schemas/staffTickets.ts); every action answers the updated ticket, which replaces the
 * page's copy.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type {
  FastAction,
  FetchStaffTicketResponse,
  StaffMemberView,
  StaffTicketFull,
} from "../../../../common/schemas/staffTickets.ts";
import { api } from "../../api/client.ts";
import { fetchStaffMembers } from "../../api/staff.ts";

export type { FastAction, StaffMemberView, StaffTicketFull };

export const staffTicketKey = (ticketId: number) => ["staff-ticket", ticketId] as const;

export function useStaffTicket(ticketId: number | null, email: string | undefined, createdAt: number | undefined) {
  return useQuery({
    queryKey: staffTicketKey(ticketId ?? 0),
    queryFn: () => api.call("fetchStaffTicket", { ticket_id: ticketId ?? 0, email, createdAt }),
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
      const [live, deleted] = await Promise.all([api.call("fetchCategories"), api.call("fetchDeletedCategories")]);
      return { live: live.categories, deleted: deleted.deleted_categories };
    },
    staleTime: 60_000,
  });
}

export function usePriorities() {
  return useQuery({
    queryKey: ["setup", "priorities"],
    queryFn: async () => (await api.call("fetchPriorityLevels")).priority_levels,
    staleTime: 5 * 60_000,
  });
}

export function useDevs() {
  return useQuery({
    queryKey: ["staff", "devs"],
    queryFn: fetchStaffMembers,
    staleTime: 60_000,
  });
}

/**
 * The employees the ticket may be assigned to in `category`, as the server decides them (the rule
 * the assign call itself checks); read afresh each time a dialog asks. The list's bulk assign asks
 * it for several tickets at once.
 */
export function assigneesQuery(ticketId: number, category: number) {
  return {
    queryKey: ["staff-ticket", ticketId, "assignees", category],
    queryFn: async () => (await api.call("fetchAssignees", { ticket_id: ticketId, category })).assignees,
    staleTime: 0,
    retry: false,
  } as const;
}

/** assigneesQuery for the assign dialog, read when it opens or its category changes. */
export function useAssignees(ticketId: number, category: number, enabled: boolean) {
  return useQuery({ ...assigneesQuery(ticketId, category), enabled });
}

export function useExcuses() {
  return useQuery({
    queryKey: ["staff", "fast-action-excuses"],
    queryFn: async () => (await api.call("fetchFastActionExcuses")).fast_action_excuses,
    staleTime: 5 * 60_000,
  });
}

export const ticketActions = {
  update: async (ticketId: number, category: number, priority: number) =>
    (
      await api.call("updateTicket", {
        ticket_id: ticketId,
        new_category: category,
        new_priority: priority,
      })
    ).ticket,
  /** devId undefined: Auto. */
  assign: async (ticket: StaffTicketFull, category: number, devId: number | undefined) =>
    (
      await api.call("assignTicket", {
        devId,
        ticketId: ticket.id,
        category,
        server: ticket.server,
        prevDevId: ticket.assignedTo ?? undefined,
        chatId: ticket.chat_id,
      })
    ).ticket,
  /** `holdUntil`: the wake-up time in epoch seconds, or null for a hold with no time. */
  hold: async (ticketId: number, holdUntil: number | null) =>
    (await api.call("holdTicket", { ticket_id: ticketId, ...(holdUntil === null ? {} : { hold_until: holdUntil }) }))
      .ticket_data,
  reopen: async (ticketId: number, forReply = false) =>
    (await api.call("reopenTicket", { ticket_id: ticketId, for_reply: forReply })).ticket_data,
  complete: async (ticketId: number, action: FastAction, excuse: string, unanswered: boolean) =>
    (
      await api.call("submitTicketComplete", {
        ticket_id: ticketId,
        action,
        unanswered,
        excuse,
      })
    ).ticket_data,
  retain: async (ticketId: number, retain: boolean) =>
    (await api.call("setRetainAttachments", { ticket_id: ticketId, is_retain: retain })).ticket,
};
