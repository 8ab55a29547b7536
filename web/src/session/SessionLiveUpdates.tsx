/**
 * Keeps the session as the server has it, without a reload:
 * `permissions_changed` (and a connection that was not recovered) loads the permission list again,
 * so RequirePermission sends the user to the dashboard and the sidebar hides entries at once; a
 * socket refused as `not_authenticated` (the server ended the session: disable, rank or password
 * change, delete) signs the page out.
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { pulseCheck } from "../api/auth.ts";
import { useSocket } from "../realtime/SocketContext.ts";
import { useReadAgainOnReconnect } from "../realtime/useReadAgainOnReconnect.ts";
import { useSession } from "./SessionContext.ts";
import { PERMISSIONS_QUERY_KEY } from "./SessionProvider.tsx";

export function SessionLiveUpdates() {
  const { socket } = useSocket();
  const { user, temp } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  // A change made while the socket was away, or before it first connected (it connects after the
  // page drew), was not heard: read the permissions again.
  useReadAgainOnReconnect(PERMISSIONS_QUERY_KEY);

  useEffect(() => {
    if (!socket || userId === null) return;
    const reloadPermissions = () => void queryClient.invalidateQueries({ queryKey: PERMISSIONS_QUERY_KEY });
    const refused = (error: Error) => {
      if (error.message !== "not_authenticated") return;
      // Ask once more: a refused handshake may also be a cookie the browser had not stored yet.
      pulseCheck()
        .then((session) => {
          if (session) return;
          queryClient.clear();
          window.location.assign(temp ? "/home" : "/login");
        })
        .catch((failure: unknown) => console.warn("Session check failed", failure));
    };
    socket.on("permissions_changed", reloadPermissions);
    socket.on("connect_error", refused);
    return () => {
      socket.off("permissions_changed", reloadPermissions);
      socket.off("connect_error", refused);
    };
  }, [socket, userId, temp, queryClient]);
  return null;
}
