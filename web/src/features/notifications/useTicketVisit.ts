/**
 * A notification stays unread until its ticket is visited (spec/2-staff-ticket-work.md §3): whenever the staff shell
 * shows /admin/{ticket_info}/edit, the socket says user_ticket_visit, on every (re)connection too.
 * The server then reads the ticket's notifications and others' notes and sends the new count; the
 * chat list's unread marks are asked again.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import { decodeTicketInfo } from "../../../../common/ticket-code.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";

export function visitedTicketId(pathname: string): number | null {
  const match = /^\/admin\/([^/]+)\/edit\/?$/.exec(pathname);
  if (!match) return null;
  return decodeTicketInfo(match[1]!)?.ticketId ?? null;
}

export function useTicketVisit(): void {
  const { pathname } = useLocation();
  const { socket } = useSocket();
  const { user, isStaff } = useSession();
  const ticketId = visitedTicketId(pathname);

  useEffect(() => {
    if (!socket || !isStaff || !user || ticketId === null) return;
    const visit = () => {
      socket.emit("user_ticket_visit", { ticket_id: ticketId }, () => {
        socket.emit("get_unread_messages", { user_id: user.id });
      });
    };
    socket.on("connect", visit);
    if (socket.connected) visit();
    return () => {
      socket.off("connect", visit);
    };
  }, [socket, isStaff, user, ticketId]);
}
