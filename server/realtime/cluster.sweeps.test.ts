/**
 * Sweeps act once under two nodes: both nodes run the real sweep timers of main.ts,
 * started in the same tick so that every run of one meets a run of the other, on one PostgreSQL
 * and one Redis. Whatever a sweep changes is changed once, written once, and heard once by a
 * player's sockets on either node.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Socket } from "socket.io-client";
import { expect, it, vi } from "vitest";
import { nowSeconds, randomToken } from "../auth/tokens.ts";
import { buildChatMessage, buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { form } from "../test/playerTickets.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import { connected, emitWithAck, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { describeTwoNodes, sameSession } from "../test/twoNodes.ts";

/** Sweeps every half second; a REPLIED ticket closes after 1.8 s idle, an ended one loses its files after about 1.7 s. */
const ENV = {
  SWEEP_INTERVAL_SECONDS: "0.5",
  AUTO_CLOSE_HOURS: "0.0005",
  ATTACHMENT_RETENTION_DAYS: "0.00002",
  UPLOAD_ORPHAN_MINUTES: "1",
};

type Heard = { event: string; payload: Record<string, unknown> }[];

/** Everything a socket hears, in order. */
function listen(socket: Socket): Heard {
  const heard: Heard = [];
  socket.onAny((event: string, payload: Record<string, unknown>) => heard.push({ event, payload }));
  return heard;
}

describeTwoNodes("sweeps on two nodes at once", ENV, { sweeps: true }, (cluster) => {
  /** Sweep runs each node has finished so far. */
  const runs = () =>
    Promise.all(
      cluster().nodes.map(async ({ node }) =>
        (await node.ctx.metrics.sweepRuns.get()).values.reduce((sum, v) => sum + v.value, 0),
      ),
    );
  /**
   * After the change is seen: resolves once each node has finished two more runs, where a second
   * close, clean-up or announcement would have shown, and a run's interval for its events to cross.
   */
  async function settle(): Promise<void> {
    const start = await runs();
    await vi.waitFor(async () => expect((await runs()).every((n, i) => n >= start[i]! + 2)).toBe(true), {
      timeout: 10_000,
      interval: 100,
    });
  }

  const db = () => cluster().store.db;
  const reload = (id: number) => db().selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

  /** A client signed in on the first node, the same session on the second, and a socket on each. */
  async function onBothNodes(user: { id: number; class: "user" | "dev" }): Promise<{
    clients: [TestClient, TestClient];
    sockets: [Socket, Socket];
  }> {
    const [a, b] = cluster().nodes;
    const first = await openSession(cluster(), a.client(), user);
    const second = sameSession(first, b.baseUrl);
    const sockets = [first.socket(), second.socket()] as [Socket, Socket];
    await Promise.all(sockets.map(connected));
    return { clients: [first, second], sockets };
  }

  async function joinChat(sockets: Socket[], ticketId: number): Promise<void> {
    for (const socket of sockets) {
      expect(await emitWithAck(socket, "join_chatroom", { room_id: `chat-${ticketId}` })).toMatchObject({ ok: true });
    }
  }

  const closeAll = (sockets: Socket[]) => {
    for (const socket of sockets) socket.close();
  };

  it("closes an idle REPLIED ticket once by 'AUTO': one system line, heard once by the player's socket on each node", async () => {
    const member = await buildMember(cluster().store);
    const staff = await buildStaff(cluster().store, { rank: "mod" });
    // Not yet idle while the sockets join: the ticket is made eligible in one statement afterwards.
    const ticket = await buildTicket(cluster().store, { member, status: "WAITING DEV" });
    const player = await onBothNodes(member);
    const mod = await onBothNodes(staff);
    await joinChat([...player.sockets, ...mod.sockets], ticket.id);
    const heard = [...player.sockets, ...mod.sockets].map(listen);

    await db()
      .updateTable("tickets")
      // Its files kept: once closed, the attachment sweep would otherwise announce a second change.
      .set({ status: "REPLIED", last_updated: nowSeconds() - 10, retain_attachments: 1 })
      .where("id", "=", ticket.id)
      .execute();
    await vi.waitFor(async () => expect((await reload(ticket.id)).status).toBe("CLOSED"), {
      timeout: 10_000,
      interval: 100,
    });
    await settle();

    expect(await reload(ticket.id)).toMatchObject({ status: "CLOSED", closed_by: "AUTO" });
    const lines = await db()
      .selectFrom("chat_messages")
      .selectAll()
      .where("ticket_id", "=", ticket.id)
      .where("type", "=", "completion")
      .execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ sender_id: null, sender_name: "AUTO", completed_status: "CLOSED" });
    for (const socketHeard of heard) {
      const completions = socketHeard.filter((h) => h.event === "new_message" && h.payload.type === "completion");
      expect(completions.map((h) => h.payload.id)).toEqual([lines[0]!.id]);
      const pings = socketHeard.filter((h) => h.event === "ticket_updated_ping" && h.payload.ticket_id === ticket.id);
      expect(pings).toHaveLength(1);
      expect(pings[0]!.payload).toMatchObject({ status: "CLOSED" });
    }
    closeAll([...player.sockets, ...mod.sockets]);
  });

  async function storeFile(userId: number, ticketId: number): Promise<string> {
    const png = SAMPLE_FILES["image/png"]!;
    const name = `${randomToken(16)}.png`;
    const dir = cluster().nodes[0].node.ctx.uploads.dir;
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, name), png.bytes);
    await db()
      .insertInto("uploads")
      .values({
        name,
        user_id: userId,
        ticket_id: ticketId,
        mime: "image/png",
        size: png.bytes.length,
        original_name: png.name,
        created_at: nowSeconds(),
      })
      .execute();
    return name;
  }

  it("removes an ended ticket's files once: files gone, names DELETED, ticket clean, one change announced", async () => {
    const member = await buildMember(cluster().store);
    const staff = await buildStaff(cluster().store, { rank: "mod" });
    const ticket = await buildTicket(cluster().store, { member, status: "WAITING DEV" });
    const own = await storeFile(member.id, ticket.id);
    const inChat = await storeFile(member.id, ticket.id);
    const message = await buildChatMessage(cluster().store, ticket, { attachments: JSON.stringify([inChat]) });
    const mod = await onBothNodes(staff);
    const heard = mod.sockets.map(listen);

    await db()
      .updateTable("tickets")
      .set({ status: "CLOSED", closed_by: "AUTO", last_updated: nowSeconds() - 10, attachments: JSON.stringify([own]) })
      .where("id", "=", ticket.id)
      .execute();
    await vi.waitFor(async () => expect((await reload(ticket.id)).clean).toBe(1), { timeout: 10_000, interval: 100 });
    const file = (name: string) => path.join(cluster().nodes[1].node.ctx.uploads.dir, name);
    await vi.waitFor(() => expect([own, inChat].filter((name) => existsSync(file(name)))).toEqual([]), {
      timeout: 5_000,
      interval: 100,
    });
    await settle();

    expect(JSON.parse((await reload(ticket.id)).attachments)).toEqual(["DELETED"]);
    const line = await db()
      .selectFrom("chat_messages")
      .select("attachments")
      .where("id", "=", message.id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(line.attachments)).toEqual(["DELETED"]);
    expect(await db().selectFrom("uploads").select("name").where("ticket_id", "=", ticket.id).execute()).toEqual([]);
    expect(
      await db().selectFrom("upload_deletions").select("name").where("name", "in", [own, inChat]).execute(),
    ).toEqual([]);
    // One node cleaned it: staff, wherever their socket is, hear of it once.
    for (const socketHeard of heard) {
      const pings = socketHeard.filter((h) => h.event === "ticket_updated_ping" && h.payload.ticket_id === ticket.id);
      expect(pings).toHaveLength(1);
    }
    closeAll(mod.sockets);
  });

  it("ends a ban once: one auto_unbanned line, heard once by the player's socket on each node and by staff", async () => {
    const member = await buildMember(cluster().store);
    const staff = await buildStaff(cluster().store, { rank: "admin" });
    // Not a status the auto-close takes: only the ban's end changes this ticket.
    const ticket = await buildTicket(cluster().store, { member, status: "WAITING DEV" });
    const admin = await openSession(cluster(), cluster().nodes[0].client(), staff);
    const banned = await admin.post("/api/tickets/ban-member-user", {
      ticket_id: ticket.id,
      ban_reason: "Spam",
      ban_time: 60,
    });
    expect(banned.status).toBe(200);
    const player = await onBothNodes(member);
    const mod = await onBothNodes(staff);
    await joinChat([...player.sockets, ...mod.sockets], ticket.id);
    const playerHeard = player.sockets.map(listen);
    const staffHeard = mod.sockets.map(listen);

    // The ban's time comes: one transaction, so that no run sees half of it.
    const past = nowSeconds() - 1;
    await db()
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable("users").set({ banned_until: past }).where("id", "=", member.id).execute();
        await trx.updateTable("ban_logs").set({ until: past }).where("ticket_id", "=", ticket.id).execute();
      });
    const unbanLines = () =>
      db()
        .selectFrom("chat_messages")
        .selectAll()
        .where("ticket_id", "=", ticket.id)
        .where("type", "=", "ban_message")
        .where("message", "=", "auto_unbanned")
        .execute();
    await vi.waitFor(async () => expect(await unbanLines()).toHaveLength(1), { timeout: 10_000, interval: 100 });
    await settle();

    const lines = await unbanLines();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ banned: 0, sender_id: null });
    expect((await reload(ticket.id)).banned).toBe(0);
    const user = await db()
      .selectFrom("users")
      .select(["banned", "banned_until"])
      .where("id", "=", member.id)
      .executeTakeFirstOrThrow();
    expect(user).toEqual({ banned: 0, banned_until: 0 });
    for (const socketHeard of playerHeard) {
      const pings = socketHeard.filter((h) => h.event === "ticket_updated_ping" && h.payload.ticket_id === ticket.id);
      expect(pings).toHaveLength(1);
      // The ban line is for staff only; the player never hears it.
      expect(socketHeard.filter((h) => h.event === "new_message" || h.event === "banned_message")).toEqual([]);
    }
    for (const socketHeard of staffHeard) {
      const unbans = socketHeard.filter((h) => h.event === "banned_message");
      expect(unbans.map((h) => h.payload.id)).toEqual([lines[0]!.id]);
    }
    closeAll([...player.sockets, ...mod.sockets]);
  });

  it("removes an upload never attached once: its row, its file, its queue entry", async () => {
    const member = await buildMember(cluster().store);
    const client = await openSession(cluster(), cluster().nodes[1].client(), member);
    const png = SAMPLE_FILES["image/png"]!;
    const uploaded = await client.post(
      "/api/upload-files",
      form({}, [{ name: png.name, bytes: png.bytes, type: "image/png" }]),
    );
    expect(uploaded.status).toBe(200);
    const rows = await db().selectFrom("uploads").select("name").where("user_id", "=", member.id).execute();
    expect(rows).toHaveLength(1);
    const name = rows[0]!.name;
    const file = path.join(cluster().nodes[0].node.ctx.uploads.dir, name);
    expect(existsSync(file)).toBe(true);

    // An hour old and still not attached: past UPLOAD_ORPHAN_MINUTES.
    await db()
      .updateTable("uploads")
      .set({ created_at: nowSeconds() - 3600 })
      .where("name", "=", name)
      .execute();
    await vi.waitFor(() => expect(existsSync(file)).toBe(false), { timeout: 10_000, interval: 100 });
    await settle();
    expect(await db().selectFrom("uploads").select("name").where("name", "=", name).execute()).toEqual([]);
    expect(await db().selectFrom("upload_deletions").select("name").where("name", "=", name).execute()).toEqual([]);
    // Neither node's run tripped over the other's (a file removed twice, a row deleted twice).
    expect(cluster().sweepErrors).toEqual([]);
  });

  it("wakes a hold once: WAITING DEV, one hold_expired, heard once by the assignee's socket on each node", async () => {
    const member = await buildMember(cluster().store);
    const staff = await buildStaff(cluster().store, { rank: "mod" });
    const ticket = await buildTicket(cluster().store, { member, status: "WAITING DEV", assigned_to: staff.id });
    const mod = await onBothNodes(staff);
    for (const socket of mod.sockets) {
      expect(await emitWithAck(socket, "join_chatroom", { room_id: staff.id, name: staff.id })).toMatchObject({
        ok: true,
      });
    }
    const heard = mod.sockets.map(listen);

    // On hold, its wake-up time already come: the next runs of both nodes meet it.
    await db()
      .updateTable("tickets")
      .set({ status: "ON HOLD", hold_until: nowSeconds() - 1, retain_attachments: 1 })
      .where("id", "=", ticket.id)
      .execute();
    await vi.waitFor(async () => expect((await reload(ticket.id)).status).toBe("WAITING DEV"), {
      timeout: 10_000,
      interval: 100,
    });
    await settle();

    expect(await reload(ticket.id)).toMatchObject({ status: "WAITING DEV", hold_until: null });
    const rows = await db().selectFrom("notifications").selectAll().where("ticket_id", "=", ticket.id).execute();
    expect(rows.map((n) => [n.user_id, n.type, n.by_user_id])).toEqual([[staff.id, "hold_expired", null]]);
    for (const socketHeard of heard) {
      const notes = socketHeard.filter((h) => h.event === "new_notification");
      expect(notes.map((h) => h.payload.id)).toEqual([rows[0]!.id]);
      expect(notes[0]!.payload).toMatchObject({ type: "hold_expired", actor_name: null, subject: ticket.subject });
    }
    closeAll(mod.sockets);
    expect(cluster().sweepErrors).toEqual([]);
  });
});
