/**
 * The live chat of one ticket for its player (spec 1 §7, spec 2 §7): loads the messages, joins
 * the chat room on every (re)connect, adds `new_message` once per id, refetches after a reconnect
 * that socket.io could not recover, and tells the server the player has read the chat.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import type { StaffMessage } from "../../../../common/schemas/chatResponses.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { ticketKeys } from "../tickets/api.ts";
import {
  type ChatMessage,
  type ChatPage,
  chatKey,
  fetchChat,
  followChange,
  isChatMessage,
  mergeMessages,
} from "./api.ts";

export function useTicketChat(chatId: string, ticketId: number) {
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const { user } = useSession();
  const chat = useQuery({ queryKey: chatKey(chatId), queryFn: () => fetchChat(chatId), retry: false });

  const add = useCallback(
    (messages: ChatMessage[]) => {
      queryClient.setQueryData<ChatPage>(chatKey(chatId), (page) =>
        page ? { ...page, chat: mergeMessages(page.chat, messages) } : page,
      );
    },
    [queryClient, chatId],
  );

  const markRead = useCallback(() => {
    if (socket?.connected && document.visibilityState === "visible") socket.emit("messages_read", { chat_id: chatId });
  }, [socket, chatId]);

  useEffect(() => {
    if (!socket || user === null) return;
    const join = () => {
      socket.emit("join_chatroom", { room_id: chatId, name: user.id });
      markRead();
    };
    const onConnect = () => {
      join();
      // A recovered connection got what it missed replayed; otherwise read the chat again.
      if (!socket.recovered) {
        void queryClient.invalidateQueries({ queryKey: chatKey(chatId) });
        void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(ticketId) });
      }
    };
    // The player's chat room only ever gets the player presentation; the guard narrows to it.
    const onMessage = (payload: ChatMessage | StaffMessage) => {
      if (!isChatMessage(payload) || payload.chatId !== chatId) return;
      add([payload]);
      if (payload.user_class === "dev") markRead();
      // Players get no ticket events: a message (reply, completion) is what moves the status.
      void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(ticketId) });
    };
    /** An edited or deleted staff message: replace it, and the copies of it that quotes hold. */
    const onChanged = (payload: ChatMessage | StaffMessage) => {
      if (!isChatMessage(payload) || payload.chatId !== chatId) return;
      queryClient.setQueryData<ChatPage>(chatKey(chatId), (page) =>
        page ? { ...page, chat: followChange(mergeMessages(page.chat, [payload]), payload) } : page,
      );
    };
    const onAssigned = () => void queryClient.invalidateQueries({ queryKey: ticketKeys.ticket(ticketId) });
    const onVisible = () => markRead();
    if (socket.connected) join();
    socket.on("connect", onConnect);
    socket.on("new_message", onMessage);
    socket.on("edited_message", onChanged);
    socket.on("deleted_message", onChanged);
    socket.on("ticket_assigned", onAssigned);
    // A status change without a message (hold, close by staff) still reaches an open page.
    socket.on("ticket_updated_ping", onAssigned);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      socket.off("connect", onConnect);
      socket.off("new_message", onMessage);
      socket.off("edited_message", onChanged);
      socket.off("deleted_message", onChanged);
      socket.off("ticket_assigned", onAssigned);
      socket.off("ticket_updated_ping", onAssigned);
      document.removeEventListener("visibilitychange", onVisible);
      if (socket.connected) socket.emit("leave_chatroom", { room_id: chatId, name: user.id });
    };
  }, [socket, user, chatId, ticketId, queryClient, add, markRead]);

  const loadEarlier = useCallback(async () => {
    const page = queryClient.getQueryData<ChatPage>(chatKey(chatId));
    const oldest = page?.chat[0]?.id;
    if (!oldest) return;
    const earlier = await fetchChat(chatId, oldest);
    queryClient.setQueryData<ChatPage>(chatKey(chatId), (current) =>
      current ? { chat: mergeMessages(current.chat, earlier.chat), has_more: earlier.has_more } : current,
    );
  }, [queryClient, chatId]);

  return { chat, add, loadEarlier };
}
