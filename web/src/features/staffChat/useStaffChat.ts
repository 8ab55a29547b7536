/**
 * The live chat of one ticket for staff: loads the staff presentation, joins the staff chat room
 * on every (re)connect, takes `new_message`, `edited_message` and `deleted_message` by id, turns
 * on read ticks when the player has read (`messages_read`), and tells the server that staff read
 * the player's messages.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { PlayerMessage } from "../../../../common/schemas/chatResponses.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { followChange } from "../chat/api.ts";
import {
  fetchStaffChat,
  mergeStaffMessages,
  mergeUsers,
  type StaffChatPage,
  type StaffMessage,
  staffChatKey,
} from "./api.ts";

/** The staff room only ever gets the staff presentation; ip_origin tells it apart. */
function isStaffMessage(value: StaffMessage | PlayerMessage): value is StaffMessage {
  return !!value && typeof value === "object" && "ip_origin" in value;
}

export function useStaffChat(chatId: string) {
  const queryClient = useQueryClient();
  const { socket } = useSocket();
  const { user } = useSession();
  const key = staffChatKey(chatId);
  const chat = useQuery({ queryKey: key, queryFn: () => fetchStaffChat(chatId), retry: false });
  /** Whether the player has this chat open (users_in_room), for the 'User online' label. */
  const [playerOnline, setPlayerOnline] = useState(false);

  const update = useCallback(
    (change: (page: StaffChatPage) => StaffChatPage) =>
      queryClient.setQueryData<StaffChatPage>(staffChatKey(chatId), (page) => (page ? change(page) : page)),
    [queryClient, chatId],
  );
  const add = useCallback(
    (messages: StaffMessage[]) => update((page) => ({ ...page, chat: mergeStaffMessages(page.chat, messages) })),
    [update],
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
      if (!socket.recovered) void queryClient.invalidateQueries({ queryKey: staffChatKey(chatId) });
    };
    const onMessage = (payload: StaffMessage | PlayerMessage) => {
      if (!isStaffMessage(payload) || payload.chatId !== chatId) return;
      add([payload]);
      if (payload.user_class === "user") markRead();
    };
    /** An edit or delete: replace the message, and the copies of it that quotes hold. */
    const onChanged = (payload: StaffMessage | PlayerMessage) => {
      if (!isStaffMessage(payload) || payload.chatId !== chatId) return;
      update((page) => ({ ...page, chat: followChange(mergeStaffMessages(page.chat, [payload]), payload) }));
    };
    const onRead = (payload: { chat_id: string; reader_class: "dev" | "user" }) => {
      if (payload.chat_id !== chatId) return;
      // The player read: every staff message so far shows the double tick.
      const readBy = payload.reader_class === "user" ? "dev" : "user";
      update((page) => ({ ...page, chat: page.chat.map((m) => (m.user_class === readBy ? { ...m, read: true } : m)) }));
    };
    const onPresence = (payload: { chat_id: string; player_online: boolean }) => {
      if (payload.chat_id === chatId) setPlayerOnline(payload.player_online);
    };
    const onVisible = () => markRead();
    if (socket.connected) join();
    socket.on("connect", onConnect);
    socket.on("new_message", onMessage);
    socket.on("banned_message", onMessage);
    socket.on("edited_message", onChanged);
    socket.on("deleted_message", onChanged);
    socket.on("messages_read", onRead);
    socket.on("users_in_room", onPresence);
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      socket.off("connect", onConnect);
      socket.off("new_message", onMessage);
      socket.off("banned_message", onMessage);
      socket.off("edited_message", onChanged);
      socket.off("deleted_message", onChanged);
      socket.off("messages_read", onRead);
      socket.off("users_in_room", onPresence);
      setPlayerOnline(false);
      document.removeEventListener("visibilitychange", onVisible);
      if (socket.connected) socket.emit("leave_chatroom", { room_id: chatId, name: user.id });
    };
  }, [socket, user, chatId, queryClient, add, update, markRead]);

  const loadEarlier = useCallback(async () => {
    const page = queryClient.getQueryData<StaffChatPage>(staffChatKey(chatId));
    const oldest = page?.chat[0]?.id;
    if (!oldest) return;
    const earlier = await fetchStaffChat(chatId, oldest);
    update((current) => ({
      chat: mergeStaffMessages(current.chat, earlier.chat),
      users: mergeUsers(current.users, earlier.users),
      has_more: earlier.has_more,
    }));
  }, [queryClient, chatId, update]);

  return { chat, add, update, loadEarlier, playerOnline };
}
