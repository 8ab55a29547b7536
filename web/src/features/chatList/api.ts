/** The staff member's chat list (spec 2 §7): which tickets are in it, adding and removing. */
import type { ActiveChatIdsResponse, ActiveChatsResponse } from "../../../../common/schemas/chatList.ts";
import { api } from "../../api/client.ts";

export const chatListKeys = {
  ids: ["active-chat-ids"] as const,
  chats: ["active-chats"] as const,
};

export async function fetchActiveChatIds(): Promise<number[]> {
  return (await api.get<ActiveChatIdsResponse>("/api/fetch-active-chat-ids")).active_chat_ids;
}

export async function fetchActiveChats(): Promise<ActiveChatsResponse["tickets"]> {
  return (await api.get<ActiveChatsResponse>("/api/fetch-active-chats")).tickets;
}

export async function addTicketToChat(ticketId: number): Promise<void> {
  await api.post("/api/add-ticket-to-chat", { ticket_id: ticketId });
}

export async function removeTicketFromChat(ticketId: number): Promise<void> {
  await api.post("/api/remove-ticket-from-chat", { ticket_id: ticketId });
}
