/** What a staff member sees of their chat list and its unread marks (common/schemas/chatList.ts). */
import type { ChatTicket, UnreadChat, UnreadChats } from "../../common/schemas/chatList.ts";
import type { TicketAbilities } from "../../common/schemas/ticketResponses.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import type { ChatListTicket } from "../events.ts";
import type { UnreadCounts } from "../repositories/notifications.ts";
import { presentStaffTicket } from "./ticket.ts";

export function presentChatTicket(row: ChatListTicket, abilities: TicketAbilities): ChatTicket {
  return { ...presentStaffTicket(row, abilities), pinned: row.pinned === 1 };
}

export function presentUnreadChat(counts: UnreadCounts): UnreadChat {
  return {
    room_id: encodeChatId(counts.ticketId),
    ticket_id: counts.ticketId,
    n_unread_chat: counts.nUnreadChat,
    n_unread_notes: counts.nUnreadNotes,
    tagged: counts.tagged,
    marked_unread: counts.markedUnread,
  };
}

/** Keyed by room_id (spec/2-staff-ticket-work.md §3); only tickets with something unread, a tag or an unread mark. */
export function presentUnreadChats(all: UnreadCounts[]): UnreadChats {
  const result: UnreadChats = {};
  for (const counts of all) {
    if (counts.nUnreadChat > 0 || counts.nUnreadNotes > 0 || counts.tagged || counts.markedUnread) {
      const entry = presentUnreadChat(counts);
      result[entry.room_id] = entry;
    }
  }
  return result;
}
