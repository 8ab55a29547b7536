/** The staff member's chat list (spec/2-staff-ticket-work.md §7): which tickets are in it, adding, removing, pins. */

import type { ChatTicket } from "../../../../common/schemas/chatList.ts";
import { api } from "../../api/client.ts";

export const chatListKeys = {
  ids: ["active-chat-ids"] as const,
  chats: ["active-chats"] as const,
};

export async function fetchActiveChatIds(): Promise<number[]> {
  return (await api.call("fetchActiveChatIds")).active_chat_ids;
}

export async function fetchActiveChats(): Promise<ChatTicket[]> {
  return (await api.call("fetchActiveChats")).tickets;
}

export async function addTicketToChat(ticketId: number): Promise<void> {
  await api.call("addTicketToChat", { ticket_id: ticketId });
}

export async function addTicketsToChat(ticketIds: number[]): Promise<void> {
  await api.call("addTicketsToChat", { ticket_ids: ticketIds });
}

export async function removeTicketFromChat(ticketId: number): Promise<void> {
  await api.call("removeTicketFromChat", { ticket_id: ticketId });
}

/** Bulk removal carries the user's id as the spec says; the server acts on the session's user. */
export async function removeTicketsFromChat(ticketIds: number[], userId: number): Promise<void> {
  await api.call("removeTicketsFromChat", { ticket_ids: ticketIds, userId });
}

export async function isPinnedTicket(ticketId: number): Promise<boolean> {
  return (await api.call("isPinnedTicket", { id: ticketId })).pinned;
}

export async function pinTicket(ticketId: number, pinned: boolean): Promise<void> {
  await api.call("pinTicket", { id: ticketId, pinned });
}

/** Mark unread: the chat's badge comes back, on every tab, until the ticket is opened again. */
export async function markChatUnread(ticketId: number): Promise<void> {
  await api.call("markChatUnread", { ticket_id: ticketId });
}
