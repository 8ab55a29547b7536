/**
 * What a live view missed while its socket was away is not replayed: on a connection that
 * socket.io could not recover, the first one included (the socket connects after the page drew),
 * the given queries are read again. The user's own room is joined by the server in the handshake,
 * so a read after `connect` misses nothing sent to it.
 */
import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useSocket } from "./SocketContext.ts";

export function useReadAgainOnReconnect(...queryKeys: QueryKey[]): void {
  const { socket } = useSocket();
  const queryClient = useQueryClient();
  // The keys as one value, so that a caller's new arrays of the same keys do not subscribe again.
  const signature = JSON.stringify(queryKeys);
  useEffect(() => {
    if (!socket) return;
    const keys = JSON.parse(signature) as QueryKey[];
    const onConnect = () => {
      if (socket.recovered) return;
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    };
    socket.on("connect", onConnect);
    return () => {
      socket.off("connect", onConnect);
    };
  }, [socket, queryClient, signature]);
}
