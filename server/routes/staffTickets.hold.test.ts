/**
 * A hold with a wake-up time (docs/decisions/tickets.md) over real HTTP and socket.io on every
 * engine: the time's checks, the wake-up through the transition table, the assignee's
 * `hold_expired` notification exactly once with two nodes sweeping at once, the ways a hold ends
 * by hand, and what a notification names.
 */
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { HOLD_MAX_SECONDS } from "../../common/schemas/staffTickets.ts";
import { encodeChatId } from "../../common/ticket-code.ts";
import { nowSeconds } from "../auth/tokens.ts";
import { sweepHoldWakeUps } from "../jobs/sweeps.ts";
import { ENGINES } from "../test/engines.ts";
import { caughtUp, connected, emitWithAck, nextEvent, startSecondNode, type TestClient } from "../test/server.ts";
import { buildStaffTicketWorld } from "../test/staffTicketWorld.ts";
import { useTestServer } from "../test/useTestServer.ts";

const HOLD = "/api/tickets/put-ticket-on-hold";

/** Collects every `event` a socket receives. */
function record(socket: Socket, event: string): Record<string, unknown>[] {
  const seen: Record<string, unknown>[] = [];
  socket.on(event, (payload: Record<string, unknown>) => seen.push(payload));
  return seen;
}

describe.each(ENGINES)("hold with a wake-up time on %s", (engine) => {
  const server = useTestServer(engine);
  const world = () => buildStaffTicketWorld(server, "WAITING DEV");
  const row = (id: number) =>
    server.store.db.selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const notificationsOf = (ticketId: number) =>
    server.store.db.selectFrom("notifications").selectAll().where("ticket_id", "=", ticketId).execute();

  /** A socket in the user's own room, as the staff shell joins it. */
  async function ownSocket(client: TestClient, userId: number): Promise<Socket> {
    const socket = client.socket();
    await connected(socket);
    expect(await emitWithAck(socket, "join_chatroom", { room_id: userId, name: userId })).toEqual({ ok: true });
    return socket;
  }

  /** The world's ticket, assigned to its mod (who then holds it in their chat list). */
  async function assignedWorld() {
    const w = await world();
    await server.store.db.updateTable("tickets").set({ assigned_to: w.mod.id }).where("id", "=", w.ticket.id).execute();
    return w;
  }

  it("refuses a wake-up time in the past, now, beyond a year or not a number: 422 with detail, nothing changed", async () => {
    const w = await assignedWorld();
    const now = nowSeconds();
    for (const hold_until of [now - 60, now, now + HOLD_MAX_SECONDS + 3600, "tomorrow", 1.5]) {
      const refused = await w.clients.mod.post(HOLD, { ticket_id: w.ticket.id, hold_until });
      expect(refused.status, String(hold_until)).toBe(422);
      const detail = refused.body.detail as { loc: string[]; msg: string }[];
      expect(detail[0]!.loc).toContain("hold_until");
      expect(detail[0]!.msg.length).toBeGreaterThan(0);
      expect(await row(w.ticket.id)).toMatchObject({ status: "WAITING DEV", hold_until: null });
    }
  });

  it("holds until the given time, shows it to staff, and a hold with no time keeps none", async () => {
    const w = await assignedWorld();
    const at = nowSeconds() + 3600;
    const held = await w.clients.mod.post(HOLD, { ticket_id: w.ticket.id, hold_until: String(at) });
    expect(held.status).toBe(200);
    expect(held.body.ticket_data).toMatchObject({ status: "ON HOLD", hold_until: at });
    expect(Number((await row(w.ticket.id)).hold_until)).toBe(at);
    const fetched = await w.clients.admin.post("/api/tickets/fetch-ticket", { ticket_id: w.ticket.id });
    expect(fetched.body.ticket).toMatchObject({ hold_until: at });

    const other = await world();
    const plain = await other.clients.admin.post(HOLD, { ticket_id: other.ticket.id, hold_until: "" });
    expect(plain.status).toBe(200);
    expect(plain.body.ticket_data).toMatchObject({ status: "ON HOLD", hold_until: null });
    // A sweep a year on leaves a hold with no time alone.
    const woken = await sweepHoldWakeUps(server.node.ctx, nowSeconds() + HOLD_MAX_SECONDS);
    expect(woken.map((t) => t.id)).not.toContain(other.ticket.id);
    expect((await row(other.ticket.id)).status).toBe("ON HOLD");
  });

  it("wakes through the table: WAITING DEV, no wake-up time, back in the assignee's list, one hold_expired by no one", async () => {
    const w = await assignedWorld();
    const at = nowSeconds() + 120;
    expect((await w.clients.mod.post(HOLD, { ticket_id: w.ticket.id, hold_until: at })).status).toBe(200);
    // The assignee had taken the chat out of their list while it waited.
    await w.clients.mod.post("/api/remove-ticket-from-chat", { ticket_id: w.ticket.id });
    const tab = await ownSocket(w.clients.mod, w.mod.id);
    const notified = nextEvent<Record<string, unknown>>(tab, "new_notification");
    const listed = nextEvent<{ ticket: Record<string, unknown> }>(tab, "new_active_chat");

    expect(await sweepHoldWakeUps(server.node.ctx, at - 1)).toEqual([]);
    const woken = await sweepHoldWakeUps(server.node.ctx, at);
    expect(woken.map((t) => t.id)).toEqual([w.ticket.id]);
    expect(await row(w.ticket.id)).toMatchObject({ status: "WAITING DEV", hold_until: null, last_updated: at });
    expect(await notified).toMatchObject({
      type: "hold_expired",
      ticket_id: w.ticket.id,
      by: null,
      actor_name: null,
      subject: w.ticket.subject,
      player_name: w.member.name,
    });
    expect((await listed).ticket).toMatchObject({ id: w.ticket.id, status: "WAITING DEV", hold_until: null });
    const list = await w.clients.mod.get("/api/fetch-active-chat-ids");
    expect(list.body.active_chat_ids).toContain(w.ticket.id);

    // Once: a second sweep finds nothing.
    expect(await sweepHoldWakeUps(server.node.ctx, at + 60)).toEqual([]);
    const rows = await notificationsOf(w.ticket.id);
    expect(rows.map((n) => [n.user_id, n.type, n.by_user_id])).toEqual([[w.mod.id, "hold_expired", null]]);
  });

  it("an unassigned ticket wakes too, and notifies no one", async () => {
    const w = await world();
    const at = nowSeconds() + 60;
    expect((await w.clients.dev.post(HOLD, { ticket_id: w.ticket.id, hold_until: at })).status).toBe(200);
    expect((await sweepHoldWakeUps(server.node.ctx, at)).map((t) => t.id)).toEqual([w.ticket.id]);
    expect((await row(w.ticket.id)).status).toBe("WAITING DEV");
    expect(await notificationsOf(w.ticket.id)).toEqual([]);
  });

  it("ending a hold by hand clears its wake-up time; the player's message keeps it", async () => {
    const w = await assignedWorld();
    const chatId = encodeChatId(w.ticket.id);
    const at = nowSeconds() + 600;
    await w.clients.mod.post(HOLD, { ticket_id: w.ticket.id, hold_until: at });
    expect((await w.clients.player.post("/api/new-chat-message", { chatId, message: "Any news?" })).status).toBe(200);
    expect(await row(w.ticket.id)).toMatchObject({ status: "ON HOLD" });
    expect(Number((await row(w.ticket.id)).hold_until)).toBe(at);

    expect((await w.clients.mod.post("/api/new-chat-message", { chatId, message: "Still on it." })).status).toBe(200);
    expect(await row(w.ticket.id)).toMatchObject({ status: "REPLIED", hold_until: null });

    // Held again, then resolved: the time goes too, and the sweep has nothing to wake.
    await w.clients.mod.post(HOLD, { ticket_id: w.ticket.id, hold_until: at });
    const resolved = await w.clients.mod.post("/api/tickets/submit-ticket-complete", {
      ticket_id: w.ticket.id,
      action: "RESOLVED",
      excuse: "x",
    });
    expect(resolved.status).toBe(200);
    expect(await row(w.ticket.id)).toMatchObject({ status: "RESOLVED", hold_until: null });
    expect(await sweepHoldWakeUps(server.node.ctx, at)).toEqual([]);
    expect((await notificationsOf(w.ticket.id)).filter((n) => n.type === "hold_expired")).toEqual([]);
  });

  it("two nodes sweeping at once wake the hold once: one notification, announced once", async () => {
    const second = await startSecondNode(server);
    try {
      const w = await assignedWorld();
      const at = nowSeconds() + 60;
      await w.clients.mod.post(HOLD, { ticket_id: w.ticket.id, hold_until: at });
      const tab = await ownSocket(w.clients.mod, w.mod.id);
      const heard = record(tab, "new_notification");
      const notified = nextEvent(tab, "new_notification");
      const results = await Promise.all(
        Array.from({ length: 4 }, (_, i) => sweepHoldWakeUps(i % 2 ? second.node.ctx : server.node.ctx, at)),
      );
      expect(results.flat().map((t) => t.id)).toEqual([w.ticket.id]);
      expect((await notificationsOf(w.ticket.id)).map((n) => n.type)).toEqual(["hold_expired"]);
      // The node that woke it announced it; without Redis only this node's own sockets hear it.
      if (results[0]!.length || results[2]!.length) {
        await notified;
        await caughtUp(tab);
        expect(heard).toHaveLength(1);
      }
    } finally {
      await second.close();
    }
  });

  it("notifications name the ticket's subject, its player and who acted, live and in the list", async () => {
    const w = await world();
    const tab = await ownSocket(w.clients.mod, w.mod.id);
    const notified = nextEvent<Record<string, unknown>>(tab, "new_notification");
    const assigned = await w.clients.admin.post("/api/tickets/assign-ticket", {
      ticketId: w.ticket.id,
      category: w.category.id,
      devId: w.mod.id,
    });
    expect(assigned.status).toBe(200);
    const expected = {
      type: "assignment",
      subject: w.ticket.subject,
      player_name: w.member.name,
      actor_name: w.admin.name,
    };
    expect(await notified).toMatchObject(expected);
    const list = await w.clients.mod.post("/api/notification/get-notifications", { n_first: 30 });
    expect(list.body.notifications).toEqual([expect.objectContaining(expected)]);
    const typed = await w.clients.mod.post("/api/notification/get-notifications", { type: "hold_expired" });
    expect(typed.status).toBe(200);
    expect(typed.body.notifications).toEqual([]);
  });
});
