/**
 * Player-facing content (spec/1-product-frame.md §3): the FAQ list and the active announcements, read through
 * TanStack Query. Announcements carry a per-user `read` flag, so their cache is keyed by user.
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import type { Announcement, Faq } from "../../../../common/schemas/setupResponses.ts";
import { api } from "../../api/client.ts";

export type { Announcement, Faq };

/** Logs a failed load once, not on every render (spec/1-product-frame.md §8, spec/3-staff-administration.md §8: list loads are logged only). */
export function useLogError(message: string, error: Error | null): void {
  useEffect(() => {
    if (error) console.error(message, error);
  }, [message, error]);
}

export const FAQS_QUERY_KEY = ["faqs"] as const;

export function activeAnnouncementsKey(userId: number | null) {
  return ["announcements", "active", userId] as const;
}

export function useFaqs() {
  const query = useQuery({
    queryKey: FAQS_QUERY_KEY,
    queryFn: async () => (await api.call("fetchFaqs")).faqs,
    staleTime: 5 * 60_000,
  });
  // spec/1-product-frame.md §8: a failed FAQ load is logged only; the page simply shows no entries.
  useLogError("Failed to load the FAQs", query.error);
  return query;
}

export function useActiveAnnouncements(userId: number | null) {
  const query = useQuery({
    queryKey: activeAnnouncementsKey(userId),
    queryFn: async () => (await api.call("fetchActiveAnnouncements")).announcements,
    staleTime: 60_000,
  });
  useLogError("Failed to load the announcements", query.error);
  return query;
}
