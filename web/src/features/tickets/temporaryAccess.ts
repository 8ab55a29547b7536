/**
 * After search-ticket-temporary the browser holds a temporary session for one ticket: the app's
 * session becomes that user (so the socket connects for them) and the ticket is already known.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { SessionUser } from "../../../../common/schemas/auth.ts";
import type { AppSocket } from "../../realtime/SocketContext.ts";
import { SESSION_QUERY_KEY } from "../../session/SessionProvider.tsx";
import { type PlayerTicket, ticketKeys } from "./api.ts";

export function adoptTemporarySession(
  queryClient: QueryClient,
  opened: { ticket: PlayerTicket; user: SessionUser },
  current: { userId: number | null; socket: AppSocket | null },
): void {
  queryClient.setQueryData(ticketKeys.ticket(opened.ticket.id), opened.ticket);
  queryClient.setQueryData(SESSION_QUERY_KEY, { user: opened.user, temp: true });
  // The same visitor on another of their tickets has a new session: the socket must hand-shake again.
  if (current.userId === opened.user.id && current.socket) {
    current.socket.disconnect();
    current.socket.connect();
  }
}
