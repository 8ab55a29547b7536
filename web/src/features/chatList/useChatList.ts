/**
 * The sidebar chat list's data, kept live (spec/2-staff-ticket-work.md §2, §4, §7): loaded once, then changed by
 * new_active_chat, remove_active_chat, ticket_pinned, ticket_updated_ping, new_message and
 * unread_message; unread marks from get_unread_messages, asked 500 ms after the socket joins.
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { TIMING } from "../../../../common/constants.ts";
import type { UnreadChat } from "../../../../common/schemas/chatList.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../realtime/socketEvents.ts";
import { useReadAgainOnReconnect } from "../../realtime/useReadAgainOnReconnect.ts";
import { useSession } from "../../session/SessionContext.ts";
import { chatListKeys, fetchActiveChats } from "./api.ts";
import { applyTicketPing, type ChatRow } from "./order.ts";

export function useChatList() {
  const { user } = useSession();
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: chatListKeys.chats, queryFn: fetchActiveChats });
  const [unread, setUnread] = useState<Record<string, UnreadChat>>({});
  const unreadRef = useRef<Record<string, UnreadChat>>({});
  // When each row last got a message here (its 10 s of green): kept beside the rows, so that a
  // read of the list again (after a connection that was not recovered) does not wipe it.
  const [gotMessageAt, setGotMessageAt] = useState<Record<number, number>>({});
  // A connection socket.io could not recover missed what changed meanwhile (and the first one
  // comes after the list was read, once the page is drawn): read the list again.
  useReadAgainOnReconnect(chatListKeys.chats);

  useEffect(() => {
    if (!socket || !user) return;
    const update = (change: (rows: ChatRow[]) => ChatRow[]) =>
      queryClient.setQueryData<ChatRow[]>(chatListKeys.chats, (rows) => (rows ? change(rows) : rows));
    const touch = (ticketId: number, lastUpdated?: number) => {
      setGotMessageAt((all) => ({ ...all, [ticketId]: Date.now() }));
      if (lastUpdated !== undefined) update((rows) => rows.map((r) => (r.id === ticketId ? { ...r, lastUpdated } : r)));
    };

    const askUnread = () => {
      setTimeout(() => {
        socket.emit("get_unread_messages", { user_id: user.id });
      }, TIMING.unreadMessagesDelayMs);
    };
    const onNewChat = ({ ticket }: ServerPayload<"new_active_chat">) =>
      update((rows) => [...rows.filter((r) => r.id !== ticket.id), ticket]);
    const onRemove = ({ ticket_id }: ServerPayload<"remove_active_chat">) =>
      update((rows) => rows.filter((r) => r.id !== ticket_id));
    const onPinned = ({ ticket_id, pinned }: ServerPayload<"ticket_pinned">) =>
      update((rows) => rows.map((r) => (r.id === ticket_id ? { ...r, pinned } : r)));
    const onPing = (ping: ServerPayload<"ticket_updated_ping">) =>
      update((rows) => rows.map((r) => (r.id === ping.ticket_id ? applyTicketPing(r, ping) : r)));
    const onMessage = (message: ServerPayload<"new_message">) => {
      if (message.sender_id !== user.id) touch(message.ticket_id, message.timestamp);
    };
    const onUnreadAll = ({ unread_chats }: ServerPayload<"unread_messages">) => {
      unreadRef.current = unread_chats;
      setUnread(unread_chats);
    };
    const onUnreadOne = ({ unread_chat }: ServerPayload<"unread_message">) => {
      // Green only for something new: a read that cleared the badge, or Mark unread, is no message.
      const before = unreadRef.current[unread_chat.room_id];
      const count = (u: UnreadChat | undefined) => (u ? u.n_unread_chat + u.n_unread_notes + (u.tagged ? 1 : 0) : 0);
      if (count(unread_chat) > count(before)) touch(unread_chat.ticket_id);
      unreadRef.current = { ...unreadRef.current, [unread_chat.room_id]: unread_chat };
      setUnread(unreadRef.current);
    };

    socket.on("connect", askUnread);
    socket.on("new_active_chat", onNewChat);
    socket.on("remove_active_chat", onRemove);
    socket.on("ticket_pinned", onPinned);
    socket.on("ticket_updated_ping", onPing);
    socket.on("new_message", onMessage);
    socket.on("unread_messages", onUnreadAll);
    socket.on("unread_message", onUnreadOne);
    if (socket.connected) askUnread();
    return () => {
      socket.off("connect", askUnread);
      socket.off("new_active_chat", onNewChat);
      socket.off("remove_active_chat", onRemove);
      socket.off("ticket_pinned", onPinned);
      socket.off("ticket_updated_ping", onPing);
      socket.off("new_message", onMessage);
      socket.off("unread_messages", onUnreadAll);
      socket.off("unread_message", onUnreadOne);
    };
  }, [socket, user, queryClient]);

  /** A change the server took: shown at once, without waiting for its socket echo. */
  const change = (apply: (rows: ChatRow[]) => ChatRow[]) =>
    queryClient.setQueryData<ChatRow[]>(chatListKeys.chats, (rows) => (rows ? apply(rows) : rows));
  const pinned = (ticketId: number, pinned: boolean) =>
    change((rows) => rows.map((r) => (r.id === ticketId ? { ...r, pinned } : r)));
  const removed = (ticketIds: number[]) => change((rows) => rows.filter((r) => !ticketIds.includes(r.id)));

  const rows = useMemo(
    () =>
      (query.data ?? []).map(
        (row): ChatRow => (gotMessageAt[row.id] ? { ...row, gotMessageAt: gotMessageAt[row.id] } : row),
      ),
    [query.data, gotMessageAt],
  );
  return { rows, loading: query.isLoading, unread, pinned, removed };
}
