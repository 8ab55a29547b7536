/** The root of every route: session first, then the realtime socket, then the page. */
import { Outlet } from "react-router";
import { SocketProvider } from "../realtime/SocketProvider.tsx";
import { SessionLiveUpdates } from "../session/SessionLiveUpdates.tsx";
import { SessionProvider } from "../session/SessionProvider.tsx";

export function AppRoot() {
  return (
    <SessionProvider>
      <SocketProvider>
        <SessionLiveUpdates />
        <Outlet />
      </SocketProvider>
    </SessionProvider>
  );
}
