/**
 * The sidebar's order and filters (spec/2-staff-ticket-work.md §2): pinned chats first, then by status order NEW
 * TICKET, WAITING DEV, ON HOLD, REPLIED, RESOLVED, CLOSED, then most recently updated.
 */
import { TICKET_STATUSES } from "../../../../common/constants.ts";
import type { ChatTicket, UnreadChat } from "../../../../common/schemas/chatList.ts";
import type { StaffTicketPing } from "../../../../common/schemas/ticketResponses.ts";

export type ChatRow = ChatTicket & { gotMessageAt?: number };

const STATUS_RANK = new Map<string, number>(TICKET_STATUSES.map((status, i) => [status, i]));

export function compareChats(a: ChatRow, b: ChatRow): number {
  if (a.pinned !== b.pinned) return a.pinned ? -1 : 1;
  const byStatus = (STATUS_RANK.get(a.status) ?? 99) - (STATUS_RANK.get(b.status) ?? 99);
  if (byStatus) return byStatus;
  return b.lastUpdated - a.lastUpdated || b.id - a.id;
}

export interface ChatFilters {
  search: string;
  hidePinned: boolean;
  onlyPinned: boolean;
  onlyUnread: boolean;
}

export function isUnread(entry: UnreadChat | undefined): boolean {
  return !!entry && (entry.n_unread_chat > 0 || entry.n_unread_notes > 0 || entry.tagged || entry.marked_unread);
}

/** Search matches the ticket number, id, name, character, subject and e-mail. */
export function visibleChats(
  rows: readonly ChatRow[],
  filters: ChatFilters,
  unread: Readonly<Record<string, UnreadChat>>,
): ChatRow[] {
  const needle = filters.search.trim().toLowerCase();
  return rows
    .filter((row) => !(filters.hidePinned && row.pinned))
    .filter((row) => !filters.onlyPinned || row.pinned)
    .filter((row) => !filters.onlyUnread || isUnread(unread[row.chat_id]))
    .filter(
      (row) =>
        !needle ||
        [String(row.createdAt), String(row.id), row.name, row.characterName, row.subject, row.email].some((v) =>
          v.toLowerCase().includes(needle),
        ),
    )
    .sort(compareChats);
}

/** ticket_updated_ping (spec/2-staff-ticket-work.md §4): a null field keeps the old value; a null assignee clears it. */
export function applyTicketPing(row: ChatRow, ping: Partial<StaffTicketPing>): ChatRow {
  return {
    ...row,
    lastUpdated: ping.lastUpdated ?? row.lastUpdated,
    category: ping.category ?? row.category,
    status: ping.status ?? row.status,
    priority: ping.priority ?? row.priority,
    banned: ping.banned ?? row.banned,
    assignedTo: "assignedTo" in ping ? (ping.assignedTo ?? null) : row.assignedTo,
  };
}
