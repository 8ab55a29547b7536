/** How players see a ticket's status and category (spec/1-product-frame.md §2, §3). */
import { ENDED_STATUSES, type TicketStatus } from "../../../../common/constants.ts";
import type { Category } from "./api.ts";

export type PlayerStatusGroup = "ACTIVE" | "RESOLVED" | "CLOSED";

/** Players see ACTIVE unless the ticket is CLOSED or RESOLVED. */
export function playerStatusGroup(status: TicketStatus): PlayerStatusGroup {
  if (status === "RESOLVED" || status === "CLOSED") return status;
  return "ACTIVE";
}

export function isTicketEnded(status: TicketStatus): boolean {
  return ENDED_STATUSES.includes(status);
}

/**
 * The one i18n key of a status, or of the player's ACTIVE group: every page names a status with
 * the same word (common's ticket_status), so the list, the chat list, the ticket page and the
 * player's badge cannot drift apart.
 */
export function statusLabelKey(status: TicketStatus | PlayerStatusGroup): string {
  return `common:ticket_status.${status.toLowerCase().replace(/ /g, "_")}`;
}

export const STATUS_COLOR: Record<PlayerStatusGroup, string> = {
  ACTIVE: "blue",
  RESOLVED: "green",
  CLOSED: "gray",
};

/** The category's title in the reader's language, else its own title. */
export function categoryTitle(category: Category | undefined, language: string): string {
  if (!category) return "UNK";
  return category.locales[language]?.trim() || category.title;
}
