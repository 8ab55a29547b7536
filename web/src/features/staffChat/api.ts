/**
 * Chat calls as staff make them (spec 2 §7): fetch-chat in the staff presentation, send_message
 * over the socket (new-chat-message when files go with it), and edit_message / delete_message.
 */
import { useQuery } from "@tanstack/react-query";
import { ERRORS, type ErrorCode } from "../../../../common/errors.ts";
import type { ReplyQuote, StaffChatUser, StaffMessage } from "../../../../common/schemas/chatResponses.ts";
import type { AckAnswer, SendMessageAnswer } from "../../../../common/socket-events.ts";
import { ApiError, api } from "../../api/client.ts";
import { fetchStaffMembers } from "../../api/staff.ts";
import type { AppSocket } from "../../realtime/SocketContext.ts";
import { CHAT_PAGE_SIZE, type ChatPage } from "../chat/api.ts";

export type { ReplyQuote, StaffChatUser, StaffMessage };

export type StaffChatPage = ChatPage<StaffMessage, StaffChatUser>;

export const staffChatKey = (chatId: string) => ["staff-chat", chatId] as const;

export async function fetchStaffChat(chatId: string, before?: number): Promise<StaffChatPage> {
  return api.callAsStaff("fetchChat", { chat_id: chatId, before, limit: CHAT_PAGE_SIZE });
}

/** The staff room only ever gets the staff presentation; ip_origin tells it apart. */
export function isStaffMessage(value: unknown): value is StaffMessage {
  return !!value && typeof value === "object" && "ip_origin" in value && "chatId" in value;
}

/** A refused socket event as the same error a refused HTTP call is, so the dialog reads its code. */
function ackError(error: string): ApiError {
  const known = (ERRORS as Record<string, { status: number; message: string }>)[error];
  return known ? new ApiError(known.status, known.message, error as ErrorCode) : new ApiError(0, error);
}

async function socketCall<T>(socket: AppSocket | null, send: (s: AppSocket) => Promise<unknown>): Promise<T> {
  if (!socket?.connected) throw new ApiError(0, "network_error");
  const answer = (await send(socket)) as AckAnswer<T>;
  if (!answer.ok) throw ackError(answer.error);
  return answer.data as T;
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
  const sent = await socketCall<SendMessageAnswer>(socket, (s) =>
    s.timeout(15_000).emitWithAck("send_message", {
      chat_id: chatId,
      messageObj: { chatId, message, reply_to: quote, client_id: clientId },
    }),
  );
  if (!sent || !("ip_origin" in sent)) throw new ApiError(0, "network_error");
  return sent as StaffMessage;
}

export function editMessage(socket: AppSocket | null, chatId: string, messageId: number, message: string) {
  return socketCall<StaffMessage>(socket, (s) =>
    s.timeout(15_000).emitWithAck("edit_message", { chat_id: chatId, message_id: messageId, message }),
  );
}

export function deleteMessage(socket: AppSocket | null, chatId: string, messageId: number) {
  return socketCall<StaffMessage>(socket, (s) =>
    s.timeout(15_000).emitWithAck("delete_message", { chat_id: chatId, message_id: messageId }),
  );
}

/**
 * Staff names for system lines (an assignment names who moved the ticket to whom). Read from
 * fetch-devs (spec 3 §7); if it is not there, lines fall back to the chat's own senders.
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
