/** The staff member's chat list (spec 2 §7): which tickets are in it, adding, removing, pins. */

import type { ActiveChatIdsResponse, ActiveChatsResponse, ChatTicket } from "../../../../common/schemas/chatList.ts";
import { api } from "../../api/client.ts";

export const chatListKeys = {
  ids: ["active-chat-ids"] as const,
  chats: ["active-chats"] as const,
};

export async function fetchActiveChatIds(): Promise<number[]> {
  return (await api.get<ActiveChatIdsResponse>("/api/fetch-active-chat-ids")).active_chat_ids;
}

export async function fetchActiveChats(): Promise<ChatTicket[]> {
  return (await api.get<ActiveChatsResponse>("/api/fetch-active-chats")).tickets;
}

export async function addTicketToChat(ticketId: number): Promise<void> {
  await api.post("/api/add-ticket-to-chat", { ticket_id: ticketId });
}

export async function addTicketsToChat(ticketIds: number[]): Promise<void> {
  await api.post("/api/add-tickets-to-chat", { ticket_ids: ticketIds });
}

export async function removeTicketFromChat(ticketId: number): Promise<void> {
  await api.post("/api/remove-ticket-from-chat", { ticket_id: ticketId });
}

/** Bulk removal carries the user's id as the spec says; the server acts on the session's user. */
export async function removeTicketsFromChat(ticketIds: number[], userId: number): Promise<void> {
  await api.post("/api/remove-tickets-from-chat", { ticket_ids: ticketIds, userId });
}

export async function isPinnedTicket(ticketId: number): Promise<boolean> {
  return (await api.post<{ pinned: boolean }>("/api/is-pinned-ticket", { id: ticketId })).pinned;
}

export async function pinTicket(ticketId: number, pinned: boolean): Promise<void> {
  await api.post("/api/pin-ticket", { id: ticketId, pinned });
}
