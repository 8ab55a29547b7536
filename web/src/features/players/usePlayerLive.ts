/**
 * Live updates of what a page shows about a player: a ticket_updated_ping or ticket_assigned of one
 * of `ticketIds` (a ban or unban flags every ticket of the player; an assignment changes who may
 * ban) calls `refresh`, and so does a reconnect, after which pings may have been missed. A ban
 * pings every ticket of the player at once: the burst is answered with one refresh.
 */
import { useEffect, useRef } from "react";
import { useSocket } from "../../realtime/SocketContext.ts";

/** How long a burst of pings is gathered before the one refresh. */
const GATHER_MS = 250;

export function usePlayerLive(ticketIds: readonly number[], refresh: () => void): void {
  const { socket } = useSocket();
  // The handlers read the newest list and callback without subscribing again on every render.
  const latest = useRef({ ids: new Set(ticketIds), refresh });
  useEffect(() => {
    latest.current = { ids: new Set(ticketIds), refresh };
  });
  useEffect(() => {
    if (!socket) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const soon = () => {
      clearTimeout(timer);
      timer = setTimeout(() => latest.current.refresh(), GATHER_MS);
    };
    const onPing = (payload: { ticket_id: number }) => {
      if (latest.current.ids.has(payload.ticket_id)) soon();
    };
    socket.on("ticket_updated_ping", onPing);
    socket.on("ticket_assigned", onPing);
    socket.on("connect", soon);
    return () => {
      clearTimeout(timer);
      socket.off("ticket_updated_ping", onPing);
      socket.off("ticket_assigned", onPing);
      socket.off("connect", soon);
    };
  }, [socket]);
}
