/**
 * Internal notes over real HTTP and socket.io on both engines: CRUD with live events in the
 * staff-only notes room, and the refusals for players and temporary visitors on every path.
 */
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES } from "../test/engines.ts";
import { buildNote, buildStaff, buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { caughtUp, connected, emitWithAck, nextEvent } from "../test/server.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

type Ack<T = Record<string, unknown>> = { ok: true; data: T } | { ok: false; error: string };

/** Collects every `event` the socket gets, to show later that none came. */
function recorder(socket: Socket, event: string): unknown[] {
  const seen: unknown[] = [];
  socket.on(event, (payload: unknown) => seen.push(payload));
  return seen;
}

describe.each(ENGINES)("internal notes on %s", (engine) => {
  const server = useTestServer(engine);

  async function setup() {
    const parties = await buildChatParties(server);
    const colleague = await buildStaff(server.store, { rank: "dev" });
    const other = server.client();
    await other.signIn(colleague.email, FACTORY_PASSWORD);
    return { ...parties, colleague, other, notesId: `notes-${parties.ticket.id}` };
  }

  const noteCount = async (ticketId: number) =>
    Number(
      (
        await server.store.db
          .selectFrom("notes")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("ticket_id", "=", ticketId)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("writes, lists, edits and deletes a note, live in the notes room", async () => {
    const { agent, other, staff, colleague, ticket, notesId } = await setup();
    const writer = agent.socket();
    const reader = other.socket();
    await Promise.all([connected(writer), connected(reader)]);
    expect(await emitWithAck(reader, "join_chatroom", { room_id: notesId, name: colleague.id })).toEqual({ ok: true });

    const heard = nextEvent(reader, "new_note");
    const sent = await emitWithAck<Ack>(writer, "send_note", {
      notes_id: notesId,
      ticket_id: ticket.id,
      message: "  Checked the server logs.  ",
    });
    expect(sent).toMatchObject({
      ok: true,
      data: { type: "note", message: "Checked the server logs.", sender_id: staff.id, notesId, edited: false },
    });
    const id = (sent as unknown as { data: { id: number } }).data.id;
    expect(await heard).toMatchObject({ id, message: "Checked the server logs.", sender_name: staff.name });

    // A colleague quotes it; the quote is read from the database, not from the client.
    const quoted = await emitWithAck<Ack>(reader, "send_note", {
      notes_id: notesId,
      message: "Agreed.",
      reply_to: { id, message: "forged text" },
    });
    expect(quoted).toMatchObject({ ok: true, data: { reply_to: { id, message: "Checked the server logs." } } });

    const list = await other.post("/api/fetch-notes", { notes_id: notesId, ticket_id: ticket.id });
    expect(list.status).toBe(200);
    expect((list.body.notes as { message: string }[]).map((n) => n.message)).toEqual([
      "Checked the server logs.",
      "Agreed.",
    ]);
    expect((list.body.users as { id: number }[]).map((u) => u.id).sort()).toEqual([staff.id, colleague.id].sort());

    const edited = nextEvent(reader, "edited_note");
    const edit = await emitWithAck<Ack>(writer, "edit_note", {
      notes_id: notesId,
      message_id: id,
      message: "Logs: fine",
    });
    expect(edit).toMatchObject({ ok: true, data: { id, message: "Logs: fine", edited: true } });
    expect(await edited).toMatchObject({ id, message: "Logs: fine", edited: true });

    // Only one's own notes change.
    expect(await emitWithAck(reader, "edit_note", { notes_id: notesId, message_id: id, message: "Not mine" })).toEqual({
      ok: false,
      error: "forbidden",
    });
    expect(await emitWithAck(reader, "delete_note", { notes_id: notesId, message_id: id })).toEqual({
      ok: false,
      error: "forbidden",
    });

    const deleted = nextEvent(reader, "deleted_note");
    const del = await emitWithAck<Ack>(writer, "delete_note", { notes_id: notesId, message_id: id });
    expect(del).toMatchObject({ ok: true, data: { id, type: "deleted_notification", deleted: true, message: "" } });
    expect(await deleted).toMatchObject({ id, deleted: true, message: "" });

    // The text is gone from the database and from the quote that copied it.
    const rows = await server.store.db.selectFrom("notes").selectAll().where("ticket_id", "=", ticket.id).execute();
    expect(rows.find((r) => r.id === id)).toMatchObject({ message: "", deleted: 1, type: "deleted_notification" });
    expect(JSON.stringify(rows)).not.toContain("Logs: fine");
    expect(await emitWithAck(writer, "edit_note", { notes_id: notesId, message_id: id, message: "again" })).toEqual({
      ok: false,
      error: "note_not_editable",
    });
    const after = await other.post("/api/fetch-notes", { notes_id: notesId });
    expect((after.body.notes as { reply_to: { message: string } | null }[])[1]?.reply_to?.message).toBe("");
  });

  it("refuses bad input without writing: empty text, a note of another ticket, mismatched ids", async () => {
    const { agent, staff, ticket, notesId } = await setup();
    const elsewhere = await buildTicket(server.store);
    const foreign = await buildNote(server.store, elsewhere, staff);
    const socket = agent.socket();
    await connected(socket);
    const before = await noteCount(ticket.id);
    expect(await emitWithAck(socket, "send_note", { notes_id: notesId, message: "   " })).toEqual({
      ok: false,
      error: "validation",
    });
    expect(
      await emitWithAck(socket, "send_note", { notes_id: notesId, ticket_id: elsewhere.id, message: "x" }),
    ).toEqual({ ok: false, error: "validation" });
    expect(
      await emitWithAck(socket, "send_note", { notes_id: notesId, message: "x", reply_to: { id: foreign.id } }),
    ).toEqual({ ok: false, error: "validation" });
    expect(await emitWithAck(socket, "edit_note", { notes_id: notesId, message_id: foreign.id, message: "y" })).toEqual(
      { ok: false, error: "not_found" },
    );
    expect(await emitWithAck(socket, "send_note", { notes_id: "notes-2147483000", message: "x" })).toEqual({
      ok: false,
      error: "not_found",
    });
    expect(await emitWithAck(socket, "send_note", { notes_id: `chat-${ticket.id}`, message: "x" })).toEqual({
      ok: false,
      error: "validation",
    });
    expect((await agent.post("/api/fetch-notes", { notes_id: "12" })).status).toBe(422);
    expect(await noteCount(ticket.id)).toBe(before);
  });

  it("keeps players and temporary visitors out of notes on every path", async () => {
    const { player, agent, member, ticket, notesId, chatId, staff } = await setup();
    const existing = await buildNote(server.store, ticket, staff, { message: "Player seems to be a reseller" });
    const temp = await buildTempUser(server.store);
    const tempTicket = await buildTicket(server.store, { member: temp });
    const visitor = server.client();
    await openTemporarySession(server, visitor, temp.id, tempTicket.id);

    const staffSocket = agent.socket();
    const playerSocket = player.socket();
    const visitorSocket = visitor.socket();
    await Promise.all([connected(staffSocket), connected(playerSocket), connected(visitorSocket)]);
    await emitWithAck(staffSocket, "join_chatroom", { room_id: notesId });
    expect(await emitWithAck(playerSocket, "join_chatroom", { room_id: chatId, name: member.id })).toEqual({
      ok: true,
    });
    const playerNotes = recorder(playerSocket, "new_note");
    const visitorNotes = recorder(visitorSocket, "new_note");

    const before = await noteCount(ticket.id);
    for (const [client, socket, own] of [
      [player, playerSocket, ticket.id],
      [visitor, visitorSocket, tempTicket.id],
    ] as const) {
      for (const target of [ticket.id, own]) {
        const id = `notes-${target}`;
        expect(await emitWithAck(socket, "join_chatroom", { room_id: id })).toEqual({ ok: false, error: "forbidden" });
        expect(await emitWithAck(socket, "send_note", { notes_id: id, message: "hi" })).toEqual({
          ok: false,
          error: "forbidden",
        });
        const answer = await client.post("/api/fetch-notes", { notes_id: id });
        expect(answer.status).toBe(403);
        expect(answer.body.detail).toEqual(expect.any(String));
        expect(JSON.stringify(answer.body)).not.toContain("reseller");
      }
      expect(
        await emitWithAck(socket, "edit_note", { notes_id: notesId, message_id: existing.id, message: "x" }),
      ).toEqual({ ok: false, error: "forbidden" });
      expect(await emitWithAck(socket, "delete_note", { notes_id: notesId, message_id: existing.id })).toEqual({
        ok: false,
        error: "forbidden",
      });
      expect(
        (await client.post("/api/setup/fetch-category-quick-replies", { category: ticket.category_id })).status,
      ).toBe(403);
    }
    const anonymous = server.client();
    expect((await anonymous.post("/api/fetch-notes", { notes_id: notesId })).status).toBe(401);

    // Staff write a note: the player's chat room and the visitor hear nothing of it.
    const staffHears = nextEvent(staffSocket, "new_note");
    expect(await emitWithAck(staffSocket, "send_note", { notes_id: notesId, message: "Internal only" })).toMatchObject({
      ok: true,
    });
    await staffHears;
    await Promise.all([caughtUp(playerSocket), caughtUp(visitorSocket)]);
    expect(playerNotes).toEqual([]);
    expect(visitorNotes).toEqual([]);
    expect(await noteCount(ticket.id)).toBe(before + 1);
    expect(
      await server.store.db.selectFrom("notes").select("id").where("ticket_id", "=", existing.ticket_id).execute(),
    ).toHaveLength(before + 1);
    expect(
      (await server.store.db.selectFrom("notes").select("message").where("id", "=", existing.id).executeTakeFirst())
        ?.message,
    ).toBe("Player seems to be a reseller");
  });
});
