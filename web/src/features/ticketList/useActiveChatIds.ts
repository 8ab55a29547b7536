/**
 * Which tickets are in the staff member's chat list (spec/2-staff-ticket-work.md §2 "the list also shows which chats
 * are active"): read once, then kept current by new_active_chat and remove_active_chat, which the
 * server sends to all of the member's tabs (a ticket added from the sidebar or by an assignment
 * flips its switch here too).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { useSocket } from "../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../realtime/socketEvents.ts";
import { useReadAgainOnReconnect } from "../../realtime/useReadAgainOnReconnect.ts";
import { chatListKeys, fetchActiveChatIds } from "../chatList/api.ts";

export function useActiveChatIds(): ReadonlySet<number> | undefined {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  const ids = useQuery({ queryKey: chatListKeys.ids, queryFn: fetchActiveChatIds, retry: false });

  useEffect(() => {
    if (ids.error) console.error("The chat list could not be read", ids.error);
  }, [ids.error]);

  // What changed while the socket was away (or before it first connected) is not replayed.
  useReadAgainOnReconnect(chatListKeys.ids);
  useEffect(() => {
    if (!socket) return;
    const update = (change: (list: number[]) => number[]) =>
      queryClient.setQueryData<number[]>(chatListKeys.ids, (list) => (list ? change(list) : list));
    const onAdded = ({ ticket }: ServerPayload<"new_active_chat">) =>
      update((list) => (list.includes(ticket.id) ? list : [...list, ticket.id]));
    const onRemoved = ({ ticket_id }: ServerPayload<"remove_active_chat">) =>
      update((list) => list.filter((id) => id !== ticket_id));
    socket.on("new_active_chat", onAdded);
    socket.on("remove_active_chat", onRemoved);
    return () => {
      socket.off("new_active_chat", onAdded);
      socket.off("remove_active_chat", onRemoved);
    };
  }, [socket, queryClient]);

  return useMemo(() => (ids.data ? new Set(ids.data) : undefined), [ids.data]);
}
