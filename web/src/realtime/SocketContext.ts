import { createContext, useContext } from "react";
import type { Socket } from "socket.io-client";
import type { ClientToServerEvents, ServerToClientEvents } from "../../../common/socket-events.ts";

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export type ConnectionState = "connected" | "lost" | "none";

export interface SocketValue {
  socket: AppSocket | null;
  /** 'lost' while a socket exists but is disconnected; 'none' when a signed-in user has no socket. */
  state: ConnectionState;
}

export const SocketContext = createContext<SocketValue>({ socket: null, state: "none" });

export function useSocket(): SocketValue {
  return useContext(SocketContext);
}
