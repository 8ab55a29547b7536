/**
 * Live rows (spec/2-staff-ticket-work.md §4): a ticket_updated_ping for a ticket on the shown page updates that row in
 * place: lastUpdated always; category, status, priority and banned when given (null keeps the old
 * value); assignedTo as sent, where null or empty clears the assignee. A connection socket.io could
 * not recover (the first one included: the socket connects after the page drew) reads the page again.
 */
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import type { PlayerTicketPing, StaffTicketPing } from "../../../../common/schemas/ticketResponses.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../realtime/socketEvents.ts";
import { useReadAgainOnReconnect } from "../../realtime/useReadAgainOnReconnect.ts";
import type { ListTicket, TicketSearchResponse } from "./api.ts";

export function applyPing(ticket: ListTicket, ping: StaffTicketPing | PlayerTicketPing): ListTicket {
  if (ticket.id !== ping.ticket_id) return ticket;
  const next: ListTicket = { ...ticket, lastUpdated: ping.lastUpdated };
  if (ping.category !== null) next.category = ping.category;
  if (ping.status !== null) next.status = ping.status;
  if ("priority" in ping) {
    if (ping.priority !== null) next.priority = ping.priority;
    if (ping.banned !== null) next.banned = ping.banned;
    next.assignedTo = ping.assignedTo || null;
  }
  return next;
}

export function useTicketPings(queryKey: QueryKey): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  // Pings sent while the socket was away (or before it first connected) are not replayed.
  useReadAgainOnReconnect(queryKey);
  useEffect(() => {
    if (!socket) return;
    const onPing = (ping: ServerPayload<"ticket_updated_ping">) => {
      queryClient.setQueryData<TicketSearchResponse>(queryKey, (data) => {
        if (!data?.tickets.some((ticket) => ticket.id === ping.ticket_id)) return data;
        return { ...data, tickets: data.tickets.map((ticket) => applyPing(ticket, ping)) };
      });
    };
    socket.on("ticket_updated_ping", onPing);
    return () => {
      socket.off("ticket_updated_ping", onPing);
    };
  }, [socket, queryClient, queryKey]);
}
