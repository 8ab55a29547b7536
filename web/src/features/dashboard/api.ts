/**
 * The dashboard calls (spec/3-staff-administration.md §7 "Stats and misc"), as TanStack queries keyed per range, and the
 * admins' first-run checklist.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AddChangelogBody } from "../../../../common/schemas/changelog.ts";
import type { ChangeFirstRunChecklistBody } from "../../../../common/schemas/firstRun.ts";
import type { StatsRange } from "../../../../common/schemas/stats.ts";
import { api } from "../../api/client.ts";

/** Statistics are a minute old at most; a dashboard left open refreshes them itself. */
const STATS_FRESH_MS = 60_000;
const stats = { staleTime: STATS_FRESH_MS, refetchInterval: 5 * STATS_FRESH_MS, retry: false } as const;

export function useTicketStats() {
  return useQuery({
    queryKey: ["stats", "tickets-overview"],
    queryFn: () => api.call("fetchTicketsStatsOverview"),
    ...stats,
  });
}

export function useUserStatsOverview() {
  return useQuery({
    queryKey: ["stats", "user-overview"],
    queryFn: () => api.call("getUserStatsOverview"),
    ...stats,
  });
}

export function useTicketsOverTime(range: StatsRange) {
  return useQuery({
    queryKey: ["stats", "tickets-chronological", range],
    queryFn: () => api.call("fetchTicketsChronological", { range }),
    ...stats,
  });
}

export function useFirstReplyDelay(range: StatsRange) {
  return useQuery({
    queryKey: ["stats", "first-reply-chronological", range],
    queryFn: () => api.call("fetchTicketsFirstReplyTimeChronological", { range }),
    ...stats,
  });
}

export function useServerStatus() {
  return useQuery({
    queryKey: ["system", "server-status"],
    queryFn: () => api.call("fetchServerStatus"),
    staleTime: STATS_FRESH_MS,
    refetchInterval: STATS_FRESH_MS,
    retry: false,
  });
}

const changelogsKey = ["misc", "changelogs"];

export function useChangelogs() {
  return useQuery({
    queryKey: changelogsKey,
    queryFn: () => api.call("fetchChangelogs"),
  });
}

/** Adds an entry; the list the server answers replaces the shown one. */
export function useAddChangelog() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AddChangelogBody) => api.call("addNewChangelog", body),
    onSuccess: (answer) => client.setQueryData(changelogsKey, answer),
  });
}

const firstRunKey = ["misc", "first-run-checklist"];

/** The first-run checklist of an admin; a failed load hides it (it is a help, not a page). */
export function useFirstRunChecklist(enabled: boolean) {
  return useQuery({
    queryKey: firstRunKey,
    queryFn: async () => (await api.call("fetchFirstRunChecklist")).checklist,
    enabled,
    retry: false,
  });
}

/** Confirms the setup or dismisses the checklist; the checklist the server answers replaces the shown one. */
export function useChangeFirstRunChecklist() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChangeFirstRunChecklistBody) =>
      (await api.call("changeFirstRunChecklist", body)).checklist,
    onSuccess: (checklist) => client.setQueryData(firstRunKey, checklist),
  });
}
