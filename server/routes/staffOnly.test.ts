/**
 * The staff-only leak test (spec/2-staff-ticket-work.md §6): drives real flows (staff replies, assignment and
 * ban messages, notes, quotes of staff-only messages, edits, deletes, read ticks, ticket pings)
 * and checks every event a player's socket receives and every answer a player's HTTP call gets.
 *
 * The check is generic: it walks every received payload for the keys that only staff
 * presentations have (derived from the schemas, so a new staff-only field is covered), for
 * staff-only message types, and for canary texts planted in staff-only rows. A new event or
 * call is covered as soon as a flow here makes it reach the player.
 */
import { describe, expect, it } from "vitest";
import {
  playerChatUser,
  playerMessage,
  STAFF_ONLY_MESSAGE_TYPES,
  staffChatUser,
  staffMessage,
} from "../../common/schemas/chatResponses.ts";
import { playerTicket, playerTicketPing, staffTicket, staffTicketPing } from "../../common/schemas/ticketResponses.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import type { ChatMessageRow } from "../db/schema.ts";
import { ENGINES } from "../test/engines.ts";
import {
  buildChatMessage,
  buildMember,
  buildNote,
  buildStaff,
  buildTempUser,
  buildTicket,
  FACTORY_PASSWORD,
} from "../test/factories.ts";
import { connected, emitWithAck } from "../test/server.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const keysOf = (schema: { shape: Record<string, unknown> }) => Object.keys(schema.shape);
const PLAYER_KEYS = new Set([playerMessage, playerChatUser, playerTicket, playerTicketPing].flatMap(keysOf));
/** Keys only a staff presentation has; `notes_id` and `notes` name the notes of spec/2-staff-ticket-work.md §3. */
const STAFF_ONLY_KEYS = new Set(
  [...[staffMessage, staffChatUser, staffTicket, staffTicketPing].flatMap(keysOf), "notes_id", "notes"].filter(
    (key) => !PLAYER_KEYS.has(key),
  ),
);
const STAFF_ONLY_TYPES = new Set<string>([...STAFF_ONLY_MESSAGE_TYPES, "note"]);
/** Events only staff receive (spec/2-staff-ticket-work.md §6: counts, unread, active chats, notes, read ticks, presence). */
const STAFF_ONLY_EVENTS = new Set([
  "users_in_room",
  "messages_read",
  "new_notification",
  "number_notifications",
  "unread_messages",
  "unread_message",
  "new_active_chat",
  "remove_active_chat",
  "ticket_pinned",
  "new_note",
  "edited_note",
  "deleted_note",
  "banned_message",
]);

/** Every leak in a payload: a staff-only key, a staff-only message type, or a planted canary. */
function leaks(payload: unknown, canaries: string[], where: string): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (typeof value === "string") {
      for (const canary of canaries) if (value.includes(canary)) found.push(`${where}${path}: canary ${canary}`);
    } else if (Array.isArray(value)) {
      for (const [i, item] of value.entries()) walk(item, `${path}[${i}]`);
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) {
        if (STAFF_ONLY_KEYS.has(key)) found.push(`${where}${path}.${key}: staff-only key`);
        if (key === "type" && typeof item === "string" && STAFF_ONLY_TYPES.has(item))
          found.push(`${where}${path}.type: staff-only type ${item}`);
        walk(item, `${path}.${key}`);
      }
    }
  };
  walk(payload, "");
  return found;
}

describe.each(ENGINES)("nothing staff-only reaches a player, on %s", (engine) => {
  const server = useTestServer(engine);

  it("checks the leak walker itself", () => {
    expect(STAFF_ONLY_KEYS).toContain("ip_origin");
    expect(STAFF_ONLY_KEYS).toContain("read");
    expect(STAFF_ONLY_KEYS).toContain("assignedTo");
    expect(leaks({ a: [{ reply_to: { message: "x CANARY y" } }] }, ["CANARY"], "t")).toHaveLength(1);
    expect(leaks({ m: { type: "assignment", read: false } }, [], "t")).toHaveLength(2);
  });

  for (const who of ["member", "temporary"] as const) {
    it(`for a ${who}: replies, system messages, notes, quotes, edits, deletes, reads and pings`, async () => {
      const db = server.store.db;
      const events = server.node.ctx.events;
      const owner = who === "member" ? await buildMember(server.store) : await buildTempUser(server.store);
      const ticket = await buildTicket(server.store, { member: owner });
      const chatId = encodeChatId(ticket.id);
      const [agent, admin] = await Promise.all([
        buildStaff(server.store, { rank: "mod" }),
        buildStaff(server.store, { rank: "admin" }),
      ]);
      const tag = `${engine}-${who}-${ticket.id}`;
      const canary = (name: string) => `CANARY-${name}-${tag}`;
      // Always staff-only; and texts that the player saw once but may not see after an edit or delete.
      const canaries = ["ASSIGN", "BAN", "NOTE", "IP"].map(canary);
      const goneCanaries = ["DELETED", "EDITED-AWAY"].map(canary);

      const player = server.client();
      if (who === "member") await player.signIn(owner.email, FACTORY_PASSWORD);
      else await openTemporarySession(server, player, owner.id, ticket.id);
      const staff = server.client();
      await staff.signIn(agent.email, FACTORY_PASSWORD);

      const playerSocket = player.socket();
      const staffSocket = staff.socket();
      await Promise.all([connected(playerSocket), connected(staffSocket)]);
      const heardByPlayer: { event: string; args: unknown[] }[] = [];
      const heardByStaff: { event: string; args: unknown[] }[] = [];
      playerSocket.onAny((event: string, ...args: unknown[]) => heardByPlayer.push({ event, args }));
      staffSocket.onAny((event: string, ...args: unknown[]) => heardByStaff.push({ event, args }));
      for (const [socket, id] of [
        [playerSocket, owner.id],
        [staffSocket, agent.id],
      ] as const) {
        expect(await emitWithAck(socket, "join_chatroom", { room_id: id })).toEqual({ ok: true });
        expect(await emitWithAck(socket, "join_chatroom", { room_id: chatId })).toEqual({ ok: true });
      }
      const answers: { where: string; body: unknown }[] = [];
      const playerCall = async (where: string, path: string, body: Record<string, unknown>) => {
        const response = await player.post(path, body);
        expect(response.status, `${where}: ${JSON.stringify(response.body)}`).toBe(200);
        answers.push({ where, body: response.body });
        return response.body;
      };
      type Ack = { ok: boolean; error?: string; data?: { id: number } };
      const staffSays = async (message: string, reply_to?: { id: number }) => {
        const ack = await emitWithAck<Ack>(staffSocket, "send_message", { messageObj: { chatId, message }, reply_to });
        expect(ack.ok, JSON.stringify(ack)).toBe(true);
        return ack.data!.id;
      };
      /** A system row, announced through the same domain event a use case publishes. */
      const systemRow = async (values: Partial<ChatMessageRow>) => {
        const row = await buildChatMessage(server.store, ticket, {
          sender_id: admin.id,
          sender_name: admin.name,
          user_class: "dev",
          ip_origin: canary("IP"),
          ...values,
        });
        events.publish("message.created", { ticket, message: row });
        return row;
      };

      // The player writes, the staff member answers (staff rows carry ip_origin and read ticks).
      await playerCall("new-chat-message", "/api/new-chat-message", { chatId, message: "My item vanished" });
      await staffSays("We are looking into it");
      const assignment = await systemRow({
        type: "assignment",
        message: canary("ASSIGN"),
        from_user: admin.id,
        to_user: agent.id,
      });
      const ban = await systemRow({ type: "ban_message", message: canary("BAN"), banned: 1 });
      await systemRow({ type: "ban_message", message: canary("BAN"), banned: 0 });
      await systemRow({ type: "category_change", message: "", prev_category: 1, new_category: 2 });
      await buildNote(server.store, ticket, agent, { message: canary("NOTE") });
      // Staff quote staff-only messages: the quote must not reach the player.
      await staffSays("Per the assignment above", { id: assignment.id });
      await staffSays("Regarding the ban", { id: ban.id });
      // Edits and deletes, also of a quoted message.
      const edited = await staffSays(canary("EDITED-AWAY"));
      const quotingEdited = await staffSays("see this", { id: edited });
      expect(quotingEdited).toBeGreaterThan(0);
      expect(
        await emitWithAck(staffSocket, "edit_message", { chat_id: chatId, message_id: edited, message: "Fixed text" }),
      ).toMatchObject({ ok: true });
      const deleted = await staffSays(canary("DELETED"));
      await staffSays("quoting what gets deleted", { id: deleted });
      expect(await emitWithAck(staffSocket, "delete_message", { chat_id: chatId, message_id: deleted })).toMatchObject({
        ok: true,
      });
      // Events reach a socket in order: once the delete arrived, all that came before it has too.
      await expect.poll(() => heardByPlayer.some((e) => e.event === "deleted_message")).toBe(true);
      const afterChanges = heardByPlayer.length;
      // Read ticks: the player reads, then answers by socket (which also marks staff messages read).
      expect(await emitWithAck(playerSocket, "messages_read", { chat_id: chatId })).toEqual({ ok: true });
      const playerAck = await emitWithAck<Ack>(playerSocket, "send_message", {
        messageObj: { chatId, message: "Thanks" },
      });
      answers.push({ where: "send_message ack", body: playerAck });
      // A ticket change announced to both rooms.
      const moved = await db
        .updateTable("tickets")
        .set({ assigned_to: agent.id, banned: 1, status: "ON HOLD" })
        .where("id", "=", ticket.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      events.publish("ticket.updated", { ticket: moved });
      events.publish("ticket.assigned", { ticket: moved, previousAssignee: null, byUserId: admin.id });

      await playerCall("fetch-chat", "/api/fetch-chat", { chat_id: chatId });
      await playerCall("fetch-chat (paged)", "/api/fetch-chat", { chat_id: chatId, limit: 2 });
      if (who === "member")
        await playerCall("fetch-member-ticket", "/api/tickets/fetch-member-ticket", { ticket_id: ticket.id });

      // The staff side heard it all, so the player's silence is not an empty test.
      await expect.poll(() => heardByStaff.filter((e) => e.event === "edited_message").length).toBe(1);
      await expect.poll(() => heardByStaff.filter((e) => e.event === "deleted_message").length).toBe(1);
      await expect
        .poll(() =>
          heardByPlayer.some((e) => e.event === "ticket_updated_ping" && JSON.stringify(e.args).includes("ON HOLD")),
        )
        .toBe(true);
      const staffLeaks = heardByStaff.flatMap((e) => leaks(e.args, canaries, e.event));
      expect(staffLeaks.some((l) => l.includes("staff-only type assignment"))).toBe(true);
      expect(staffLeaks.some((l) => l.includes(canary("NOTE")))).toBe(false);
      expect(staffLeaks.some((l) => l.includes("ip_origin"))).toBe(true);
      expect(heardByStaff.some((e) => e.event === "messages_read")).toBe(true);
      expect(heardByStaff.some((e) => e.event === "users_in_room")).toBe(true);
      expect(heardByStaff.filter((e) => e.event === "banned_message")).toHaveLength(2);

      const heardEvents = new Set(heardByPlayer.map((e) => e.event));
      for (const event of ["new_message", "edited_message", "deleted_message", "ticket_updated_ping"])
        expect(heardEvents, `the player should have heard ${event}`).toContain(event);
      const found = [
        ...heardByPlayer
          .filter((e) => STAFF_ONLY_EVENTS.has(e.event))
          .map((e) => `socket ${e.event}: staff-only event`),
        ...heardByPlayer.flatMap((e, i) =>
          leaks(
            e.args,
            i < afterChanges && e.event === "new_message" ? canaries : [...canaries, ...goneCanaries],
            `socket ${e.event}`,
          ),
        ),
        ...answers.flatMap((a) => leaks(a.body, [...canaries, ...goneCanaries], `http ${a.where}`)),
      ];
      expect(found).toEqual([]);
      // The quotes of staff-only messages are gone, not merely emptied.
      const chat = answers.find((a) => a.where === "fetch-chat")!.body as {
        chat: { message: string; reply_to: unknown }[];
      };
      for (const text of ["Per the assignment above", "Regarding the ban"])
        expect(chat.chat.find((m) => m.message === text)?.reply_to).toBeNull();
    });
  }
});
