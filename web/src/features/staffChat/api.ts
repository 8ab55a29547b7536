/**
 * Chat calls as staff make them (spec/2-staff-ticket-work.md §7): fetch-chat in the staff presentation, send_message
 * over the socket (new-chat-message when files go with it), and edit_message / delete_message.
 */
import { useQuery } from "@tanstack/react-query";
import { ERRORS, type ErrorCode } from "../../../../common/errors.ts";
import type {
  PlayerMessage,
  ReplyQuote,
  StaffChatUser,
  StaffMessage,
} from "../../../../common/schemas/chatResponses.ts";
import type { ClientEventAnswers } from "../../../../common/socket-events.ts";
import { ApiError, api } from "../../api/client.ts";
import { fetchStaffMembers } from "../../api/staff.ts";
import type { AppSocket } from "../../realtime/SocketContext.ts";
import { type ClientPayload, emitForAnswer } from "../../realtime/socketEvents.ts";
import { CHAT_PAGE_SIZE, type ChatPage } from "../chat/api.ts";

export type { ReplyQuote, StaffChatUser, StaffMessage };

export type StaffChatPage = ChatPage<StaffMessage, StaffChatUser>;

export const staffChatKey = (chatId: string) => ["staff-chat", chatId] as const;

export async function fetchStaffChat(chatId: string, before?: number): Promise<StaffChatPage> {
  return api.callAsStaff("fetchChat", { chat_id: chatId, before, limit: CHAT_PAGE_SIZE });
}

/** The staff room only ever gets the staff presentation; ip_origin tells it apart. */
export function isStaffMessage(line: PlayerMessage | StaffMessage): line is StaffMessage {
  return "ip_origin" in line;
}

/** A refused socket event as the same error a refused HTTP call is, so the dialog reads its code. */
function ackError(error: string): ApiError {
  const known = (ERRORS as Record<string, { status: number; message: string }>)[error];
  return known ? new ApiError(known.status, known.message, error as ErrorCode) : new ApiError(0, error);
}

/** Sends one of the staff chat's events; answers what the server stored, or throws its refusal. */
async function socketCall<E extends "send_message" | "edit_message" | "delete_message">(
  socket: AppSocket | null,
  event: E,
  payload: ClientPayload<E>,
): Promise<NonNullable<ClientEventAnswers[E]>> {
  if (!socket?.connected) throw new ApiError(0, "network_error");
  const answer = await emitForAnswer(socket, event, payload, 15_000);
  if (!answer.ok) throw ackError(answer.error);
  if (!answer.data) throw new ApiError(0, "network_error");
  return answer.data;
}

export async function sendStaffMessage(
  socket: AppSocket | null,
  chatId: string,
  message: string,
  replyTo: ReplyQuote | null,
  files: File[],
  clientId: string,
): Promise<StaffMessage> {
  const quote = replyTo ? { id: replyTo.id, sender_name: replyTo.sender_name, message: replyTo.message } : null;
  if (files.length) {
    const form = new FormData();
    form.append("chatId", chatId);
    form.append("message", message);
    form.append("client_id", clientId);
    if (quote) form.append("reply_to", JSON.stringify(quote));
    for (const file of files) form.append("files", file, file.name);
    return (await api.callAsStaff("newChatMessage", form)).message;
  }
  const sent = await socketCall(socket, "send_message", {
    chat_id: chatId,
    messageObj: { chatId, message, reply_to: quote, client_id: clientId },
  });
  // A staff socket is answered the staff presentation.
  if (!("ip_origin" in sent)) throw new ApiError(0, "network_error");
  return sent;
}

export function editMessage(socket: AppSocket | null, chatId: string, messageId: number, message: string) {
  return socketCall(socket, "edit_message", { chat_id: chatId, message_id: messageId, message });
}

export function deleteMessage(socket: AppSocket | null, chatId: string, messageId: number) {
  return socketCall(socket, "delete_message", { chat_id: chatId, message_id: messageId });
}

/**
 * Staff names for system lines (an assignment names who moved the ticket to whom). Read from
 * fetch-devs (spec/3-staff-administration.md §7); if it is not there, lines fall back to the chat's own senders.
 */
export function useStaffDirectory() {
  return useQuery({
    queryKey: ["staff-directory"],
    queryFn: fetchStaffMembers,
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** Deleted categories still name the category a ticket was moved from (staff only). */
export function useDeletedCategories() {
  return useQuery({
    queryKey: ["setup", "deleted-categories"],
    queryFn: async () => (await api.call("fetchDeletedCategories")).deleted_categories,
    staleTime: 5 * 60_000,
  });
}
