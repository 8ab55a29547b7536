/**
 * 'User online' (spec/2-staff-ticket-work.md §6): the ticket's staff room hears `users_in_room` when the player opens
 * or leaves the chat (a closed tab included), a staff socket gets the state as it joins, and a
 * player never hears it.
 */
import { describe, expect, it } from "vitest";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES } from "../test/engines.ts";
import { connected, emitWithAck } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("users_in_room on %s", (engine) => {
  const server = useTestServer(engine);

  it("follows the player's chat page, for staff only", async () => {
    const { ticket, chatId, agent, player } = await buildChatParties(server);
    const staffSocket = agent.socket();
    await connected(staffSocket);
    const heard: { ticket_id: number; player_online: boolean }[] = [];
    staffSocket.on("users_in_room", (payload) => heard.push(payload));
    expect(await emitWithAck(staffSocket, "join_chatroom", { room_id: chatId })).toEqual({ ok: true });
    await expect.poll(() => heard.at(-1)).toEqual({ chat_id: chatId, ticket_id: ticket.id, player_online: false });

    const playerSocket = player.socket();
    await connected(playerSocket);
    const playerHeard: string[] = [];
    playerSocket.onAny((event: string) => playerHeard.push(event));
    expect(await emitWithAck(playerSocket, "join_chatroom", { room_id: chatId })).toEqual({ ok: true });
    await expect.poll(() => heard.at(-1)?.player_online).toBe(true);

    // A second staff member opening the ticket learns it at once.
    const otherStaff = agent.socket();
    await connected(otherStaff);
    const otherHeard: boolean[] = [];
    otherStaff.on("users_in_room", (payload) => otherHeard.push(payload.player_online));
    await emitWithAck(otherStaff, "join_chatroom", { room_id: chatId });
    await expect.poll(() => otherHeard).toEqual([true]);

    playerSocket.close();
    await expect.poll(() => heard.at(-1)?.player_online).toBe(false);
    expect(playerHeard).not.toContain("users_in_room");
  });
});
