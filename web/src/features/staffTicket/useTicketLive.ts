/**
 * Live updates of the staff ticket page (spec/2-staff-ticket-work.md §7): a ticket_updated_ping or ticket_assigned for
 * this ticket, or a new message in its chat, reads the ticket again, and so does a reconnect.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSocket } from "../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../realtime/socketEvents.ts";
import { staffTicketKey } from "./api.ts";

export function useTicketLive(ticketId: number | null, chatId: string | undefined) {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!socket || ticketId === null) return;
    const refresh = () => void queryClient.invalidateQueries({ queryKey: staffTicketKey(ticketId) });
    // The visit itself is said by the staff shell (notifications/useTicketVisit.ts), once the page is visible.
    const onPing = (payload: ServerPayload<"ticket_updated_ping"> | ServerPayload<"ticket_assigned">) => {
      if (payload.ticket_id === ticketId) refresh();
    };
    const onMessage = (message: ServerPayload<"new_message">) => {
      if (message.ticket_id === ticketId || (chatId && message.chatId === chatId)) refresh();
    };
    const onConnect = () => refresh();
    socket.on("connect", onConnect);
    socket.on("ticket_updated_ping", onPing);
    socket.on("ticket_assigned", onPing);
    socket.on("new_message", onMessage);
    return () => {
      socket.off("connect", onConnect);
      socket.off("ticket_updated_ping", onPing);
      socket.off("ticket_assigned", onPing);
      socket.off("new_message", onMessage);
    };
  }, [socket, ticketId, chatId, queryClient]);
}
