/**
 * The quick replies a ticket's reply box offers (spec/2-staff-ticket-work.md §2): the ticket's
 * category's and the general ones, as the server answers them for the category, filtered by the
 * words typed. The panel, its button and the `/` list in the reply box read them from here.
 */
import { useQuery } from "@tanstack/react-query";
import { fetchCategoryQuickReplies, type QuickReply, quickRepliesKey } from "./notes/api.ts";

export function useQuickReplies(category: number) {
  return useQuery({
    queryKey: quickRepliesKey(category),
    queryFn: () => fetchCategoryQuickReplies(category),
    staleTime: 60_000,
  });
}

/** The replies whose title or text holds every word of `search`, in any case; all for no words. */
export function filterQuickReplies(replies: readonly QuickReply[], search: string): QuickReply[] {
  const words = search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (!words.length) return [...replies];
  return replies.filter((reply) => {
    const text = `${reply.title}\n${reply.message}`.toLocaleLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** A `/` that starts the text or a line, and what follows it up to the caret. */
const SLASH = /(?:^|\n)\/([^\n/]{0,60})$/;

/**
 * The `/query` being typed right before the caret, if any: where its `/` stands and the words
 * after it. A `/` inside a line (a path, a date) is text.
 */
export function slashQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const found = SLASH.exec(before);
  if (!found) return null;
  const query = found[1] ?? "";
  return { start: caret - query.length - 1, query };
}
