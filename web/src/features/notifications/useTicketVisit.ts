/**
 * A notification stays unread until its ticket is visited (spec/2-staff-ticket-work.md §3): whenever the staff shell
 * shows /admin/{ticket_info}/edit in a visible page, the socket says user_ticket_visit, on every
 * (re)connection and whenever the page becomes visible again.
 * The server then reads the ticket's notifications and others' notes, clears the caller's Mark
 * unread and sends the new count; the chat list's unread marks are asked again.
 */
import { useEffect } from "react";
import { useLocation } from "react-router";
import { decodeTicketInfo } from "../../../../common/ticket-code.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../realtime/socketEvents.ts";
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
    // Seen means open and visible: a ticket page in a background tab reads nothing until shown.
    const visit = () => {
      if (!socket.connected || document.visibilityState !== "visible") return;
      socket.emit("user_ticket_visit", { ticket_id: ticketId }, () => {
        socket.emit("get_unread_messages", { user_id: user.id });
      });
    };
    // What arrives for the ticket on screen is seen as it arrives: its notification, a note.
    const onNotification = (n: ServerPayload<"new_notification">) => {
      if (n.ticket_id === ticketId) visit();
    };
    const onUnread = ({ unread_chat }: ServerPayload<"unread_message">) => {
      if (unread_chat.ticket_id === ticketId && (unread_chat.n_unread_notes > 0 || unread_chat.tagged)) visit();
    };
    socket.on("connect", visit);
    socket.on("new_notification", onNotification);
    socket.on("unread_message", onUnread);
    document.addEventListener("visibilitychange", visit);
    visit();
    return () => {
      socket.off("connect", visit);
      socket.off("new_notification", onNotification);
      socket.off("unread_message", onUnread);
      document.removeEventListener("visibilitychange", visit);
    };
  }, [socket, isStaff, user, ticketId]);
}
