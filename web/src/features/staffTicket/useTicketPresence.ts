/**
 * The staff ticket page's presence (collision detection, docs/decisions/realtime.md): says
 * `ticket_presence` viewing when the page opens and after every reconnection, repeats it every
 * PRESENCE_HEARTBEAT_SECONDS so that the server knows the tab is alive, says typing on a keystroke
 * and viewing again after TYPING_IDLE_SECONDS without one, and left when the page goes. Answers
 * who else is here (the server's list less the caller) and the keystroke callback.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import {
  PRESENCE_HEARTBEAT_SECONDS,
  type TicketPresenceState,
  type TicketViewer,
  TYPING_IDLE_SECONDS,
} from "../../../../common/schemas/ticketPresence.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import type { ServerPayload } from "../../realtime/socketEvents.ts";

export function useTicketPresence(ticketId: number, selfId: number | undefined) {
  const { socket } = useSocket();
  const [viewers, setViewers] = useState<TicketViewer[]>([]);
  const state = useRef<Exclude<TicketPresenceState, "left">>("viewing");
  const idle = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // A presence that cannot be sent now is worth nothing later: volatile, and only while connected.
  const say = useCallback(
    (next: TicketPresenceState) => {
      if (socket?.connected) socket.volatile.emit("ticket_presence", { ticket_id: ticketId, state: next });
    },
    [socket, ticketId],
  );

  useEffect(() => {
    if (!socket) return;
    const onViewers = (payload: ServerPayload<"ticket_viewers">) => {
      if (payload.ticket_id === ticketId) setViewers(payload.viewers);
    };
    const onConnect = () => say(state.current);
    // A browser slows the timers of a tab hidden for long; back in sight, the page speaks at once.
    const onVisible = () => {
      if (document.visibilityState === "visible") say(state.current);
    };
    socket.on("ticket_viewers", onViewers);
    socket.on("connect", onConnect);
    document.addEventListener("visibilitychange", onVisible);
    say(state.current);
    const heartbeat = setInterval(() => say(state.current), PRESENCE_HEARTBEAT_SECONDS * 1000);
    return () => {
      clearInterval(heartbeat);
      document.removeEventListener("visibilitychange", onVisible);
      clearTimeout(idle.current);
      socket.off("ticket_viewers", onViewers);
      socket.off("connect", onConnect);
      say("left");
      state.current = "viewing";
      setViewers([]);
    };
  }, [socket, ticketId, say]);

  const typing = useCallback(() => {
    clearTimeout(idle.current);
    idle.current = setTimeout(() => {
      state.current = "viewing";
      say("viewing");
    }, TYPING_IDLE_SECONDS * 1000);
    if (state.current === "typing") return;
    state.current = "typing";
    say("typing");
  }, [say]);

  const others = useMemo(() => viewers.filter((v) => v.id !== selfId), [viewers, selfId]);
  return { viewers: others, typing };
}
