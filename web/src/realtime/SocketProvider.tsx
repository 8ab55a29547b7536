/**
 * The realtime socket (spec/1-product-frame.md §4, §7) for signed-in users. socket.io reconnects by itself after a
 * lost transport; after a server-initiated disconnect it does not, so we reconnect at once. A check
 * every second drives the connection banner and, once automatic reconnection has given up, keeps
 * calling connect() so the banner goes as soon as the server is back; a handshake the server
 * refused is tried again every 10 s.
 *
 * socket.io-client itself arrives as its own chunk once a user is known and the first render is
 * on screen (the first idle moment after it): no page needs it to draw, and visitors never load
 * it. The chunk comes from the server: when it cannot be fetched (the server
 * went away before the page's idle moment), the banner says so and the chunk is asked for again
 * every few seconds, so the page goes live once the server is back, without a reload.
 */
import { type ReactNode, useEffect, useState } from "react";
import type { io as ioFunction } from "socket.io-client";
import { SOCKET_RECONNECTION, TIMING } from "../../../common/constants.ts";
import { csrfToken } from "../api/client.ts";
import { useSession } from "../session/SessionContext.ts";
import { firstRenderIdle } from "../ui/deferred.ts";
import { unreadNotificationsStore } from "../ui/usePageTitle.ts";
import { type AppSocket, type ConnectionState, SocketContext } from "./SocketContext.ts";

/**
 * After the server refused the handshake (too_many_sockets while the user has every slot taken in
 * other tabs), socket.io does not retry by itself; try again this often, not every second.
 */
const REFUSED_RETRY_MS = 10_000;

/** After the socket's chunk could not be fetched, it is asked for again this often. */
const CHUNK_RETRY_MS = 2_000;

function createSocket(io: typeof ioFunction): AppSocket {
  return io({
    path: "/socket.io",
    transports: ["websocket"],
    withCredentials: true,
    // A function, so every reconnection sends the CSRF cookie's current (rotated) value.
    auth: (send) => send({ csrf: csrfToken() }),
    ...SOCKET_RECONNECTION,
  });
}

/** Opens the socket and its checks; returns what closes them again. */
function openSocket(
  io: typeof ioFunction,
  userId: number,
  isStaff: boolean,
  setSocket: (socket: AppSocket | null) => void,
  setState: (state: ConnectionState) => void,
): (() => void) | undefined {
  let next: AppSocket;
  try {
    next = createSocket(io);
  } catch (error) {
    console.error("The realtime socket could not be created", error);
    setSocket(null);
    setState("none");
    return undefined;
  }
  let gaveUp = false;
  let retryRefusedAt = 0;
  next.on("connect", () => {
    gaveUp = false;
    next.emit("join_chatroom", { room_id: userId, name: userId });
  });
  next.on("disconnect", (reason) => {
    if (reason === "io server disconnect") next.connect();
  });
  next.io.on("reconnect_failed", () => {
    gaveUp = true;
  });
  next.on("connect_error", () => {
    // An inactive socket after connect_error was refused by the server's handshake.
    if (!next.active) retryRefusedAt = Date.now() + REFUSED_RETRY_MS;
  });
  if (isStaff) next.on("number_notifications", ({ unread }) => unreadNotificationsStore.set(unread));

  const check = setInterval(() => {
    setState(next.connected ? "connected" : "lost");
    const refusedAndDue = retryRefusedAt > 0 && Date.now() >= retryRefusedAt;
    if ((gaveUp || refusedAndDue) && !next.connected) {
      gaveUp = false;
      retryRefusedAt = 0;
      next.connect();
    }
  }, TIMING.connectionCheckMs);

  setSocket(next);
  return () => {
    clearInterval(check);
    next.removeAllListeners();
    next.io.removeAllListeners();
    next.disconnect();
    unreadNotificationsStore.set(0);
    setState("connected");
  };
}

export function SocketProvider({ children }: { children: ReactNode }) {
  const { user, isStaff } = useSession();
  const userId = user?.id ?? null;
  const [socket, setSocket] = useState<AppSocket | null>(null);
  const [state, setState] = useState<ConnectionState>("connected");

  useEffect(() => {
    if (userId === null) {
      setSocket(null);
      return;
    }
    let cancelled = false;
    let stop: (() => void) | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const load = () => {
      firstRenderIdle
        .then(() => import("socket.io-client"))
        .then(
          ({ io }) => {
            if (!cancelled) stop = openSocket(io, userId, isStaff, setSocket, setState);
          },
          (error: unknown) => {
            if (cancelled) return;
            console.error("The realtime socket could not be loaded", error);
            setState("none");
            retry = setTimeout(load, CHUNK_RETRY_MS);
          },
        );
    };
    load();
    return () => {
      cancelled = true;
      clearTimeout(retry);
      stop?.();
    };
  }, [userId, isStaff]);

  // A fresh socket counts as connected until the first check, so no banner flashes on page load.
  const shown: ConnectionState = userId === null ? "connected" : state;
  return <SocketContext value={{ socket, state: shown }}>{children}</SocketContext>;
}
