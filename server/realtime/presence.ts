/**
 * The 'User online' label (spec/2-staff-ticket-work.md §6, staff only): whether the ticket's player has the ticket's
 * chat open. A player socket entering or leaving `chat:{id}:player` (leaving includes a closed
 * tab) tells the ticket's staff room `users_in_room`; a staff socket entering the staff room is
 * told the current state at once. Read from the adapter, so it needs no handler of its own.
 */
import { chatRoom } from "../../common/socket-events.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import type { AppContext } from "../context.ts";
import type { AppServer } from "./socketTypes.ts";

const CHAT_ROOM = /^chat:(\d+):(staff|player)$/;

export function subscribePresence(ctx: AppContext, io: AppServer): void {
  const adapter = io.of("/").adapter;

  const state = async (ticketId: number) => ({
    chat_id: encodeChatId(ticketId),
    ticket_id: ticketId,
    player_online: (await io.in(chatRoom(ticketId, "player")).fetchSockets()).length > 0,
  });
  const report = (work: Promise<void>) =>
    work.catch((error: unknown) => ctx.events.log?.error({ err: error }, "presence fan-out failed"));

  adapter.on("join-room", (room: string, socketId: string) => {
    const match = CHAT_ROOM.exec(room);
    if (!match) return;
    const ticketId = Number(match[1]);
    const target = match[2] === "player" ? io.to(chatRoom(ticketId, "staff")) : io.to(socketId);
    void report(state(ticketId).then((payload) => void target.emit("users_in_room", payload)));
  });

  adapter.on("leave-room", (room: string) => {
    const [, id, audience] = CHAT_ROOM.exec(room) ?? [];
    if (audience !== "player") return;
    const ticketId = Number(id);
    void report(
      state(ticketId).then((payload) => void io.to(chatRoom(ticketId, "staff")).emit("users_in_room", payload)),
    );
  });
}
