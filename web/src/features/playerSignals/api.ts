/** Reply signals outside the open ticket: the calls and their cache keys. */
import { useQuery } from "@tanstack/react-query";
import type {
  PlayerListTicket,
  PlayerTicketSignalEvent,
  PlayerUnreadResponse,
} from "../../../../common/schemas/ticketResponses.ts";
import { api } from "../../api/client.ts";

export type { PlayerListTicket, PlayerTicketSignalEvent, PlayerUnreadResponse };

export const signalKeys = {
  unread: ["player-unread"] as const,
  recent: ["member-recent-tickets"] as const,
};

export function fetchPlayerUnread(): Promise<PlayerUnreadResponse> {
  return api.call("playerUnread");
}

/** The member home's short list, latest activity first. */
export function useRecentTickets() {
  return useQuery({
    queryKey: signalKeys.recent,
    queryFn: async () => (await api.call("memberRecentTickets")).tickets,
    retry: false,
  });
}

/** The unread summary after one signal: the ticket's entry replaced (or dropped at 0), the server's total. */
export function applySignal(
  current: PlayerUnreadResponse | undefined,
  signal: PlayerTicketSignalEvent,
): PlayerUnreadResponse {
  const others = (current?.tickets ?? []).filter((t) => t.ticket_id !== signal.ticket_id);
  const { unread_total, reply: _reply, ...entry } = signal;
  return { unread_total, tickets: entry.unread > 0 ? [entry, ...others] : others };
}

/** A list row after one signal: what moved, at once, before the list is read again. */
export function patchRow<T extends PlayerListTicket>(row: T, signal: PlayerTicketSignalEvent): T {
  if (row.id !== signal.ticket_id) return row;
  return { ...row, status: signal.status, lastUpdated: signal.lastUpdated, unread: signal.unread };
}
