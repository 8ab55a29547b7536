/**
 * The web's side of the typed socket events of common/socket-events.ts, as
 * server/realtime/socketTypes.ts is the server's: what each event the server sends carries, and a
 * way to send an event and wait for the server's answer, typed by the same maps.
 */
import type {
  AckAnswer,
  ClientEventAnswers,
  ClientEventName,
  ClientToServerEvents,
  ServerToClientEvents,
} from "../../../common/socket-events.ts";
import type { AppSocket } from "./SocketContext.ts";

/** What an event the server sends carries. */
export type ServerPayload<E extends keyof ServerToClientEvents> = Parameters<ServerToClientEvents[E]>[0];

/** What an event the web sends carries. */
export type ClientPayload<E extends ClientEventName> = Parameters<ClientToServerEvents[E]>[0];

/** The server's answer to an event the web sends. */
export type EventAnswer<E extends ClientEventName> = AckAnswer<ClientEventAnswers[E]>;

/**
 * socket.io's emitWithAck as the maps type it. socket.io's own typing reads the answer from the
 * map's last parameter, and gives up (any) when that acknowledgement is optional, as the maps
 * declare it: the server answers whoever asks, and a sender may not ask.
 */
type EmitWithAnswer = <E extends ClientEventName>(event: E, payload: ClientPayload<E>) => Promise<EventAnswer<E>>;

/** Sends an event and waits for the server's answer; rejects when none comes within `ms`. */
export function emitForAnswer<E extends ClientEventName>(
  socket: AppSocket,
  event: E,
  payload: ClientPayload<E>,
  ms: number,
): Promise<EventAnswer<E>> {
  const timed = socket.timeout(ms);
  // The one place the answer's type is read from the maps rather than from socket.io's typing.
  const emit = timed.emitWithAck.bind(timed) as EmitWithAnswer;
  return emit(event, payload);
}
