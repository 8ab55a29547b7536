/**
 * The staff ticket page's calls over real HTTP and socket.io, on every engine: each call, each
 * transition the table allows and refuses, each §6 refusal per rank, the races, the excuse rule,
 * Auto assign, and what the player's room may hear.
 */
import { describe, expect, it } from "vitest";
import { TICKET_STATUSES, type TicketStatus } from "../../common/constants.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import { TRANSITIONS } from "../domain/ticketStatus.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildChatMessage, buildStaff, buildTicket, type TicketOptions } from "../test/factories.ts";
import { connected, emitWithAck, nextEvent, type TestClient } from "../test/server.ts";
import { buildStaffTicketWorld } from "../test/staffTicketWorld.ts";
import { useTestServer } from "../test/useTestServer.ts";

type Body = Record<string, unknown>;

describe.each(ENGINES)("staff ticket actions on %s", (engine) => {
  const server = useTestServer(engine);

  /** A member's ticket on a server and category, and one employee of each rank handling both. */
  const world = (status: TicketStatus = "WAITING DEV", extra: TicketOptions = {}) =>
    buildStaffTicketWorld(server, status, extra);

  const row = (id: number) =>
    server.store.db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const messagesOf = (id: number) =>
    server.store.db.selectFrom("chat_messages").selectAll().where("ticket_id", "=", id).orderBy("id").execute();

  it("fetch-ticket gives staff the full ticket and its player; players are refused", async () => {
    const w = await world("REPLIED");
    const response = await w.clients.mod.post("/api/tickets/fetch-ticket", {
      ticket_id: w.ticket.id,
      email: w.member.email.toUpperCase(),
      createdAt: w.ticket.created_at,
    });
    expect(response.status).toBe(200);
    expect(response.body.ticket).toMatchObject({
      id: w.ticket.id,
      notes_id: `notes-${w.ticket.id}`,
      resolved_by: null,
      closed_by: null,
      retain_attachments: false,
      clean: false,
      excuse: null,
      assignedTo: null,
      ip_origin: expect.any(String),
    });
    expect(response.body.user).toMatchObject({ id: w.member.id, email: w.member.email, class: "user", banned: false });
    const wrong = await w.clients.mod.post("/api/tickets/fetch-ticket", { ticket_id: w.ticket.id, email: "x@y.z" });
    expect(wrong.status).toBe(404);
    expect((await w.clients.player.post("/api/tickets/fetch-ticket", { ticket_id: w.ticket.id })).status).toBe(403);
  });

  describe("every transition of the table, allowed and refused", () => {
    const calls: Record<string, (w: Awaited<ReturnType<typeof world>>) => [string, Body]> = {
      hold: (w) => ["/api/tickets/put-ticket-on-hold", { ticket_id: w.ticket.id }],
      resolve: (w) => [
        "/api/tickets/submit-ticket-complete",
        { ticket_id: w.ticket.id, action: "RESOLVED", excuse: "x" },
      ],
      close: (w) => ["/api/tickets/submit-ticket-complete", { ticket_id: w.ticket.id, action: "CLOSED", excuse: "x" }],
      reopen: (w) => ["/api/tickets/reopen-ticket", { ticket_id: w.ticket.id }],
      reopenForReply: (w) => ["/api/tickets/reopen-ticket", { ticket_id: w.ticket.id, for_reply: "true" }],
      assign: (w) => [
        "/api/tickets/assign-ticket",
        { ticketId: w.ticket.id, category: w.category.id, devId: w.mod.id },
      ],
    };
    for (const [action, call] of Object.entries(calls)) {
      for (const from of TICKET_STATUSES) {
        const to = TRANSITIONS[action as keyof typeof TRANSITIONS][from];
        it(`${action} from ${from}: ${to ?? "refused"}`, async () => {
          const w = await world(from);
          const [path, body] = call(w);
          const response = await w.clients.admin.post(path, body);
          const after = await row(w.ticket.id);
          if (to) {
            expect(response.status).toBe(200);
            expect(after.status).toBe(to);
          } else {
            expect(response.status).toBe(409);
            expect(response.body.detail).toEqual(expect.any(String));
            expect(after).toEqual(w.ticket);
          }
        });
      }
    }
  });

  it("hold: assignee or admin; others 403 with a sentence and nothing changed", async () => {
    const w = await world("WAITING DEV");
    const assigned = await buildTicket(server.store, {
      member: w.member,
      status: "WAITING DEV",
      category_id: w.category.id,
      server_id: w.gameServer.id,
      assigned_to: w.mod.id,
    });
    for (const who of ["dev", "mod2"] as const) {
      const refused = await w.clients[who].post("/api/tickets/put-ticket-on-hold", { ticket_id: assigned.id });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ code: "not_ticket_assignee", detail: expect.stringContaining("assigned") });
    }
    expect((await row(assigned.id)).status).toBe("WAITING DEV");
    const byAssignee = await w.clients.mod.post("/api/tickets/put-ticket-on-hold", { ticket_id: assigned.id });
    expect(byAssignee.status).toBe(200);
    expect(byAssignee.body.ticket_data).toMatchObject({ status: "ON HOLD", notes_id: `notes-${assigned.id}` });
    // Unassigned: any employee may pick it up (docs/decisions/tickets.md).
    expect((await w.clients.dev.post("/api/tickets/put-ticket-on-hold", { ticket_id: w.ticket.id })).status).toBe(200);
    // Players: 403.
    expect((await w.clients.player.post("/api/tickets/put-ticket-on-hold", { ticket_id: w.ticket.id })).status).toBe(
      403,
    );
  });

  it("two parallel holds and two parallel completes: one wins, the other gets a clean 409", async () => {
    const w = await world("WAITING DEV");
    const holds = await Promise.all([
      w.clients.admin.post("/api/tickets/put-ticket-on-hold", { ticket_id: w.ticket.id }),
      w.clients.mod.post("/api/tickets/put-ticket-on-hold", { ticket_id: w.ticket.id }),
    ]);
    expect(holds.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(holds.find((r) => r.status === 409)!.body.code).toBe("ticket_already_on_hold");

    const completes = await Promise.all([
      w.clients.admin.post("/api/tickets/submit-ticket-complete", {
        ticket_id: w.ticket.id,
        action: "RESOLVED",
        excuse: "a",
      }),
      w.clients.mod.post("/api/tickets/submit-ticket-complete", {
        ticket_id: w.ticket.id,
        action: "CLOSED",
        excuse: "b",
      }),
    ]);
    expect(completes.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(completes.find((r) => r.status === 409)!.body.code).toBe("ticket_already_ended");
    const completions = (await messagesOf(w.ticket.id)).filter((m) => m.type === "completion");
    expect(completions).toHaveLength(1);
  });

  it("a message never reopens a ticket closed in the meantime: ticket_ended, nothing stored", async () => {
    const w = await world("REPLIED");
    const chatId = encodeChatId(w.ticket.id);
    const results = await Promise.all([
      w.clients.admin.post("/api/tickets/submit-ticket-complete", {
        ticket_id: w.ticket.id,
        action: "CLOSED",
        excuse: "x",
      }),
      ...Array.from({ length: 4 }, () => w.clients.player.post("/api/new-chat-message", { chatId, message: "hello?" })),
    ]);
    // The close either wins, or loses to a message that landed first (the last word changed under
    // it: 409 ticket_changed) and is made again; a message never undoes it either way.
    if (results[0]!.status !== 200) {
      expect(results[0]!.body.code).toBe("ticket_changed");
      const again = await w.clients.admin.post("/api/tickets/submit-ticket-complete", {
        ticket_id: w.ticket.id,
        action: "CLOSED",
        excuse: "x",
      });
      expect(again.status).toBe(200);
    }
    const after = await row(w.ticket.id);
    expect(after.status).toBe("CLOSED");
    const stored = (await messagesOf(w.ticket.id)).filter((m) => m.type === "message");
    // Every message either landed before the close, or was refused with ticket_ended.
    for (const r of results.slice(1)) expect([200, 409]).toContain(r.status);
    expect(stored).toHaveLength(results.slice(1).filter((r) => r.status === 200).length);
    const late = await w.clients.player.post("/api/new-chat-message", { chatId, message: "still there?" });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe("ticket_ended");
  });

  it("fast complete requires a reason when the last message came from the player or another employee", async () => {
    const w = await world("WAITING DEV");
    const complete = (client: TestClient, excuse = "") =>
      client.post("/api/tickets/submit-ticket-complete", {
        ticket_id: w.ticket.id,
        action: "RESOLVED",
        unanswered: "false",
        excuse,
      });
    // The player wrote last.
    await server.store.db
      .updateTable("tickets")
      .set({ last_message_from: "user", last_message_by: w.member.id })
      .where("id", "=", w.ticket.id)
      .execute();
    const refused = await complete(w.clients.mod);
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe("excuse_required");
    // Another employee wrote last.
    await server.store.db
      .updateTable("tickets")
      .set({ last_message_from: "staff", last_message_by: w.admin.id })
      .where("id", "=", w.ticket.id)
      .execute();
    expect((await complete(w.clients.mod)).status).toBe(422);
    expect((await row(w.ticket.id)).status).toBe("WAITING DEV");
    // The caller wrote last: no reason needed.
    await server.store.db
      .updateTable("tickets")
      .set({ last_message_from: "staff", last_message_by: w.mod.id })
      .where("id", "=", w.ticket.id)
      .execute();
    const done = await complete(w.clients.mod);
    expect(done.status).toBe(200);
    expect(done.body.ticket_data).toMatchObject({ status: "RESOLVED", resolved_by: String(w.mod.id), excuse: null });
    const messages = await messagesOf(w.ticket.id);
    expect(messages.at(-1)).toMatchObject({ type: "completion", completed_status: "RESOLVED", sender_id: w.mod.id });
  });

  it("fast complete with a reason stores it and the closer", async () => {
    const w = await world("WAITING DEV");
    await buildChatMessage(server.store, w.ticket);
    await server.store.db
      .updateTable("tickets")
      .set({ last_message_from: "user", last_message_by: w.member.id })
      .where("id", "=", w.ticket.id)
      .execute();
    const done = await w.clients.dev.post("/api/tickets/submit-ticket-complete", {
      ticket_id: w.ticket.id,
      action: "CLOSED",
      unanswered: "true",
      excuse: "Player did not answer",
    });
    expect(done.status).toBe(200);
    expect(done.body.ticket_data).toMatchObject({
      status: "CLOSED",
      closed_by: String(w.dev.id),
      excuse: "Player did not answer",
    });
  });

  it("edit category/priority: open, assignee or admin; ended, the closer or admin; own categories only", async () => {
    const w = await world("WAITING DEV");
    const priority = await server.store.db
      .insertInto("priorities")
      .values({ title: `High ${Math.random()}`, value: 2 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const assigned = await buildTicket(server.store, {
      member: w.member,
      status: "WAITING DEV",
      category_id: w.category.id,
      server_id: w.gameServer.id,
      assigned_to: w.dev.id,
    });
    const edit = (client: TestClient, id: number, category: number, prio = w.ticket.priority_id) =>
      client.post("/api/tickets/update-ticket", { ticket_id: id, new_category: category, new_priority: prio });

    expect((await edit(w.clients.mod, assigned.id, w.category.id, priority.id)).body.code).toBe("not_ticket_assignee");
    const byAssignee = await edit(w.clients.dev, assigned.id, w.category.id, priority.id);
    expect(byAssignee.status).toBe(200);
    expect(byAssignee.body.ticket).toMatchObject({ priority: priority.id });
    // A category the dev does not handle: 403; the admin may choose any, and the chat says so.
    const foreign = await edit(w.clients.dev, assigned.id, w.otherCategory.id);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("category_not_allowed");
    const byAdmin = await edit(w.clients.admin, assigned.id, w.otherCategory.id);
    expect(byAdmin.status).toBe(200);
    expect((await messagesOf(assigned.id)).at(-1)).toMatchObject({
      type: "category_change",
      prev_category: w.category.id,
      new_category: w.otherCategory.id,
    });
    // An unknown category or priority: 422, nothing changed.
    const unknown = await edit(w.clients.admin, assigned.id, 999_999);
    expect(unknown.status).toBe(422);

    // Ended: the closer or an admin.
    const closed = await buildTicket(server.store, {
      member: w.member,
      status: "CLOSED",
      category_id: w.category.id,
      server_id: w.gameServer.id,
      assigned_to: w.dev.id,
      closed_by: String(w.mod.id),
    });
    const notCloser = await edit(w.clients.dev, closed.id, w.category.id, priority.id);
    expect(notCloser.status).toBe(403);
    expect(notCloser.body.code).toBe("not_ticket_closer");
    expect((await edit(w.clients.mod, closed.id, w.category.id, priority.id)).status).toBe(200);
    expect((await edit(w.clients.admin, closed.id, w.category.id, w.ticket.priority_id)).status).toBe(200);
    // Closed automatically: its assignee may edit it.
    const auto = await buildTicket(server.store, {
      member: w.member,
      status: "CLOSED",
      category_id: w.category.id,
      server_id: w.gameServer.id,
      assigned_to: w.dev.id,
      closed_by: "AUTO",
    });
    expect((await edit(w.clients.dev, auto.id, w.category.id, priority.id)).status).toBe(200);
    expect((await edit(w.clients.mod, auto.id, w.category.id, priority.id)).status).toBe(403);
  });

  it("assign: eligible staff only, the dev rank without the choice, Auto picks only eligible staff", async () => {
    const w = await world("WAITING DEV");
    const elsewhere = await buildStaff(server.store, { rank: "mod", categoryIds: [w.category.id] });
    const otherCategoryOnly = await buildStaff(server.store, {
      rank: "mod",
      categoryIds: [w.otherCategory.id],
      serverIds: [w.gameServer.id],
    });
    const assign = (client: TestClient, body: Body) =>
      client.post("/api/tickets/assign-ticket", { ticketId: w.ticket.id, category: w.category.id, ...body });

    // Not eligible: wrong server, wrong category.
    for (const devId of [elsewhere.id, otherCategoryOnly.id]) {
      const refused = await assign(w.clients.admin, { devId });
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe("assignee_not_eligible");
    }
    // The dev rank does not choose.
    const devChoice = await assign(w.clients.dev, { devId: w.mod.id });
    expect(devChoice.status).toBe(403);
    expect(devChoice.body.code).toBe("employee_choice_not_allowed");
    expect((await row(w.ticket.id)).assigned_to).toBeNull();

    // A chosen employee: assignment message (staff only), notification, answer.
    const chosen = await assign(w.clients.admin, { devId: w.mod.id, prevDevId: "", chatId: encodeChatId(w.ticket.id) });
    expect(chosen.status).toBe(200);
    expect(chosen.body.ticket).toMatchObject({ assignedTo: w.mod.id });
    expect((await messagesOf(w.ticket.id)).at(-1)).toMatchObject({
      type: "assignment",
      from_user: null,
      to_user: w.mod.id,
      sender_id: w.admin.id,
    });
    const notes = await server.store.db
      .selectFrom("notifications")
      .selectAll()
      .where("ticket_id", "=", w.ticket.id)
      .execute();
    expect(notes).toMatchObject([{ user_id: w.mod.id, type: "assignment", by_user_id: w.admin.id }]);

    // Now the mod is the assignee: the others (but the admin) may no longer assign.
    const notAssignee = await assign(w.clients.dev, {});
    expect(notAssignee.status).toBe(403);
    expect(notAssignee.body.code).toBe("not_ticket_assignee");

    // Auto: never the current assignee, never an employee without the category and server.
    const picked = new Set<number>();
    for (let i = 0; i < 12; i++) {
      const current = (await row(w.ticket.id)).assigned_to!;
      const auto = await assign(w.clients.admin, {});
      expect(auto.status).toBe(200);
      const next = (auto.body.ticket as { assignedTo: number }).assignedTo;
      expect(next).not.toBe(current);
      picked.add(next);
    }
    for (const id of picked) expect([w.admin.id, w.mod.id, w.dev.id, w.mod2.id]).toContain(id);
    expect(picked.has(elsewhere.id) || picked.has(otherCategoryOnly.id)).toBe(false);

    // The dev rank may keep the assignee and change the category only when it handles it.
    await server.store.db.updateTable("tickets").set({ assigned_to: w.dev.id }).where("id", "=", w.ticket.id).execute();
    const foreign = await assign(w.clients.dev, { devId: w.dev.id, category: w.otherCategory.id });
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("category_not_allowed");
    // The admin moves it to the other category: only the other category's employee is eligible.
    const moved = await assign(w.clients.admin, { category: w.otherCategory.id });
    expect(moved.status).toBe(200);
    expect(moved.body.ticket).toMatchObject({ assignedTo: otherCategoryOnly.id, category: w.otherCategory.id });
    expect((await messagesOf(w.ticket.id)).slice(-2).map((m) => m.type)).toEqual(["assignment", "category_change"]);
    // Nobody else handles it: no eligible employee.
    const none = await assign(w.clients.admin, { category: w.otherCategory.id });
    expect(none.status).toBe(409);
    expect(none.body.code).toBe("no_eligible_assignee");
  });

  it("reopen: any employee, WAITING DEV, or REPLIED for a reply; not when the category is gone", async () => {
    const w = await world("RESOLVED", { resolved_by: "1", excuse: "done" });
    const reopened = await w.clients.dev.post("/api/tickets/reopen-ticket", { ticket_id: w.ticket.id });
    expect(reopened.status).toBe(200);
    expect(reopened.body.ticket_data).toMatchObject({ status: "WAITING DEV", resolved_by: null, excuse: null });
    expect((await messagesOf(w.ticket.id)).at(-1)).toMatchObject({ type: "reopened", sender_id: w.dev.id });

    const forReply = await buildTicket(server.store, {
      member: w.member,
      status: "CLOSED",
      category_id: w.category.id,
    });
    const replied = await w.clients.mod.post("/api/tickets/reopen-ticket", { ticket_id: forReply.id, for_reply: true });
    expect(replied.body.ticket_data).toMatchObject({ status: "REPLIED" });
    // Then the reply goes out on the reopened ticket.
    const sent = await w.clients.mod.post("/api/new-chat-message", {
      chatId: encodeChatId(forReply.id),
      message: "Back",
    });
    expect(sent.status).toBe(200);

    const gone = await buildCategory(server.store);
    const orphan = await buildTicket(server.store, { member: w.member, status: "CLOSED", category_id: gone.id });
    await server.store.db.updateTable("categories").set({ deleted: 1 }).where("id", "=", gone.id).execute();
    const refused = await w.clients.admin.post("/api/tickets/reopen-ticket", { ticket_id: orphan.id });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe("category_deleted");
    expect((await row(orphan.id)).status).toBe("CLOSED");
  });

  it("retain attachments toggles, and is refused once the ticket is clean", async () => {
    const w = await world("CLOSED");
    const on = await w.clients.dev.post("/api/tickets/set-retain-attachments", {
      ticket_id: w.ticket.id,
      is_retain: "true",
    });
    expect(on.status).toBe(200);
    expect(on.body.ticket).toMatchObject({ retain_attachments: true });
    const off = await w.clients.dev.post("/api/tickets/set-retain-attachments", {
      ticket_id: w.ticket.id,
      is_retain: "false",
    });
    expect(off.body.ticket).toMatchObject({ retain_attachments: false });
    await server.store.db.updateTable("tickets").set({ clean: 1 }).where("id", "=", w.ticket.id).execute();
    const clean = await w.clients.dev.post("/api/tickets/set-retain-attachments", {
      ticket_id: w.ticket.id,
      is_retain: true,
    });
    expect(clean.status).toBe(409);
    expect(clean.body.code).toBe("attachments_already_removed");
    expect(
      (await w.clients.player.post("/api/tickets/set-retain-attachments", { ticket_id: w.ticket.id, is_retain: true }))
        .status,
    ).toBe(403);
  });

  it("fetch-fast-action-excuses and fetch-devs answer staff only", async () => {
    const w = await world();
    await server.store.db
      .insertInto("fast_action_excuses")
      .values([
        { action: "RESOLVED", excuse: "Solved in game", value: 1 },
        { action: "CLOSED", excuse: "Duplicate", value: 1 },
      ])
      .execute();
    const excuses = await w.clients.dev.get("/api/tickets/fetch-fast-action-excuses");
    expect(excuses.status).toBe(200);
    const lists = (excuses.body as { fast_action_excuses: { RESOLVED: string[]; CLOSED: string[] } })
      .fast_action_excuses;
    expect(lists.RESOLVED).toContain("Solved in game");
    expect(lists.CLOSED).toContain("Duplicate");
    expect(lists.RESOLVED).not.toContain("Duplicate");
    const devs = await w.clients.dev.get("/api/users/fetch-devs");
    expect(devs.status).toBe(200);
    const mod = (devs.body.devs as { id: number }[]).find((d) => d.id === w.mod.id);
    expect(mod).toEqual({
      id: w.mod.id,
      name: w.mod.name,
      avatar: expect.any(String),
      rank: "mod",
      categories: [w.category.id],
      servers: [w.gameServer.id],
    });
    expect((devs.body.devs as { id: number }[]).some((d) => d.id === w.member.id)).toBe(false);
    expect((await w.clients.player.get("/api/users/fetch-devs")).status).toBe(403);
    expect((await w.clients.player.get("/api/tickets/fetch-fast-action-excuses")).status).toBe(403);
  });

  it("staff rooms hear assignments; the player's room never gets assignment messages or the assignee", async () => {
    const w = await world("WAITING DEV");
    const chatId = encodeChatId(w.ticket.id);
    const staffSocket = w.clients.admin.socket();
    const assigneeSocket = w.clients.mod.socket();
    const playerSocket = w.clients.player.socket();
    await Promise.all([connected(staffSocket), connected(assigneeSocket), connected(playerSocket)]);
    expect(await emitWithAck(staffSocket, "join_chatroom", { room_id: chatId })).toEqual({ ok: true });
    expect(await emitWithAck(assigneeSocket, "join_chatroom", { room_id: w.mod.id })).toEqual({ ok: true });
    expect(await emitWithAck(playerSocket, "join_chatroom", { room_id: chatId })).toEqual({ ok: true });
    const heardByPlayer: { event: string; payload: unknown }[] = [];
    playerSocket.onAny((event: string, payload: unknown) => heardByPlayer.push({ event, payload }));

    const assigned = nextEvent(staffSocket, "ticket_assigned");
    const staffMessage = nextEvent(staffSocket, "new_message");
    const notified = nextEvent(assigneeSocket, "new_notification");
    const response = await w.clients.admin.post("/api/tickets/assign-ticket", {
      ticketId: w.ticket.id,
      category: w.category.id,
      devId: w.mod.id,
    });
    expect(response.status).toBe(200);
    expect(await assigned).toEqual({ ticket_id: w.ticket.id, assignedTo: w.mod.id });
    expect(await staffMessage).toMatchObject({ type: "assignment", to_user: w.mod.id });
    expect(await notified).toMatchObject({ type: "assignment", ticket_id: w.ticket.id });

    // The hold that follows is heard by the player as a status change, without staff bookkeeping.
    const playerPing = nextEvent<Record<string, unknown>>(playerSocket, "ticket_updated_ping");
    await w.clients.mod.post("/api/tickets/put-ticket-on-hold", { ticket_id: w.ticket.id });
    const ping = await playerPing;
    expect(ping).toMatchObject({ ticket_id: w.ticket.id, status: "ON HOLD" });
    for (const { event, payload } of heardByPlayer) {
      expect(event).not.toBe("ticket_assigned");
      const text = JSON.stringify(payload);
      expect(text).not.toContain('"assignment"');
      expect(text).not.toContain("assignedTo");
      expect(text).not.toContain("ip_origin");
    }
    for (const s of [staffSocket, assigneeSocket, playerSocket]) s.close();
  });
});
