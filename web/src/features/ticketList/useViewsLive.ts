/**
 * The views' counts follow the tickets (docs/decisions/views.md): `views_changed`, which the
 * server sends at most once a second over all nodes, reads the counts again, and the list too
 * while it shows a view (a ticket may have entered or left it; the pings only move rows already
 * shown). A connection socket.io could not recover reads both again.
 */
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useReadAgainOnReconnect } from "../../realtime/useReadAgainOnReconnect.ts";
import { ticketListKeys } from "./api.ts";

/** `viewListKey`: the list's query while it shows a view, null while it shows a search. */
export function useViewsLive(viewListKey: QueryKey | null): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  useReadAgainOnReconnect(ticketListKeys.views);
  const signature = JSON.stringify(viewListKey);
  useEffect(() => {
    if (!socket) return;
    const listKey = JSON.parse(signature) as QueryKey | null;
    const onChanged = () => {
      void queryClient.invalidateQueries({ queryKey: ticketListKeys.views });
      if (listKey) void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    };
    socket.on("views_changed", onChanged);
    return () => {
      socket.off("views_changed", onChanged);
    };
  }, [socket, queryClient, signature]);
}
