/**
 * The ticket sweeps on both engines: automatic close, attachment retention and ban expiry. Each
 * runs twice and on two nodes at once and acts once; fractional durations let one run on its own
 * timer (SWEEP_INTERVAL_SECONDS) within seconds.
 */
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppNode, buildApp } from "../app.ts";
import { nowSeconds, randomToken } from "../auth/tokens.ts";
import type { TicketRow } from "../db/schema.ts";
import { ENGINES } from "../test/engines.ts";
import { buildChatMessage, buildMember, buildStaff, buildTempUser, buildTicket } from "../test/factories.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import { connected, emitWithAck, nextEvent } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";
import {
  removeQueuedFiles,
  startSweeps,
  sweepAttachments,
  sweepAutoClose,
  sweepBanExpiry,
  sweepOrphanUploads,
} from "./sweeps.ts";

/** 1.8 seconds and about 1.7 seconds: a test waits seconds, not hours. */
const ENV = { AUTO_CLOSE_HOURS: "0.0005", ATTACHMENT_RETENTION_DAYS: "0.00002", SWEEP_INTERVAL_SECONDS: "0.5" };

describe.each(ENGINES)("ticket sweeps on %s", (engine) => {
  let second: AppNode;

  const server = useTestServer(engine, ENV);
  beforeAll(async () => {
    // A second node on the same database, as in a cluster.
    second = await buildApp({
      config: server.node.ctx.config,
      store: server.store,
      logger: false,
      limits: server.node.ctx.limits,
    });
  });
  afterAll(async () => {
    await second?.app.close();
  });

  const db = () => server.store.db;
  const nodes = () => [server.node.ctx, second.ctx] as const;

  async function storeFile(userId: number, ticketId: number): Promise<string> {
    const png = SAMPLE_FILES["image/png"]!;
    const name = `${randomToken(16)}.png`;
    const dir = server.node.ctx.uploads.dir;
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

  const reload = (id: number) => db().selectFrom("tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  const messagesOf = (id: number, type: "completion" | "ban_message") =>
    db()
      .selectFrom("chat_messages")
      .selectAll()
      .where("ticket_id", "=", id)
      .where("type", "=", type)
      .orderBy("id")
      .execute();

  it("closes REPLIED tickets idle for AUTO_CLOSE_HOURS by 'AUTO', once, across two nodes", async () => {
    const now = nowSeconds();
    const idle = await buildTicket(server.store, { status: "REPLIED", last_updated: now - 10 });
    const fresh = await buildTicket(server.store, { status: "REPLIED", last_updated: now });
    const waiting = await buildTicket(server.store, { status: "WAITING DEV", last_updated: now - 10 });

    const [a, b] = await Promise.all(nodes().map((ctx) => sweepAutoClose(ctx, now)));
    const closed = [...a!, ...b!].map((t) => t.id);
    expect(closed.filter((id) => id === idle.id)).toEqual([idle.id]);
    expect(closed).not.toContain(fresh.id);
    expect(closed).not.toContain(waiting.id);
    expect(await sweepAutoClose(server.node.ctx, now)).toEqual([]);

    expect(await reload(idle.id)).toMatchObject({ status: "CLOSED", closed_by: "AUTO", last_updated: now });
    expect((await reload(fresh.id)).status).toBe("REPLIED");
    expect((await reload(waiting.id)).status).toBe("WAITING DEV");
    const completion = await messagesOf(idle.id, "completion");
    expect(completion).toHaveLength(1);
    expect(completion[0]).toMatchObject({ completed_status: "CLOSED", sender_id: null, sender_name: "AUTO" });
  });

  it("runs on its own timer: a REPLIED ticket closes within seconds and staff hear of it", async () => {
    const staff = await buildStaff(server.store, { rank: "mod" });
    const client = await openSession(server, server.client(), staff);
    const socket = client.socket();
    await connected(socket);
    const ticket = await buildTicket(server.store, { status: "REPLIED", last_updated: nowSeconds() });
    await emitWithAck(socket, "join_chatroom", { room_id: `chat-${ticket.id}` });
    const ping = new Promise<Record<string, unknown>>((resolve) => {
      socket.on("ticket_updated_ping", (p: Record<string, unknown>) => {
        if (p.ticket_id === ticket.id) resolve(p);
      });
    });
    const line = nextEvent(socket, "new_message", 8000);
    const stop = startSweeps(server.node.ctx, { error: (e: unknown) => console.error(e) });
    try {
      expect(await ping).toMatchObject({ ticket_id: ticket.id, status: "CLOSED" });
      expect(await line).toMatchObject({ type: "completion", completedStatus: "CLOSED" });
    } finally {
      // A run still under way would sweep the next test's tickets.
      await stop();
    }
    expect((await reload(ticket.id)).closed_by).toBe("AUTO");
  }, 15_000);

  it("removes the files of ended tickets after ATTACHMENT_RETENTION_DAYS unless retained, once, across two nodes", async () => {
    const now = nowSeconds();
    const member = await buildMember(server.store);
    const make = async (status: TicketRow["status"], retain = 0) => {
      const ticket = await buildTicket(server.store, {
        member,
        status,
        last_updated: now - 10,
        retain_attachments: retain,
      });
      const own = await storeFile(member.id, ticket.id);
      const inChat = await storeFile(member.id, ticket.id);
      await db()
        .updateTable("tickets")
        .set({ attachments: JSON.stringify([own]) })
        .where("id", "=", ticket.id)
        .execute();
      const message = await buildChatMessage(server.store, ticket, { attachments: JSON.stringify([inChat]) });
      return { ticket, files: [own, inChat], message };
    };
    const closed = await make("CLOSED");
    const resolved = await make("RESOLVED");
    const retained = await make("CLOSED", 1);
    const open = await make("WAITING DEV");
    const recent = await buildTicket(server.store, { member, status: "CLOSED", last_updated: now });
    const file = (name: string) => path.join(server.node.ctx.uploads.dir, name);

    const [a, b] = await Promise.all(nodes().map((ctx) => sweepAttachments(ctx, now)));
    const cleaned = [...a!, ...b!].map((t) => t.id);
    expect(cleaned.filter((id) => id === closed.ticket.id || id === resolved.ticket.id).sort()).toEqual(
      [closed.ticket.id, resolved.ticket.id].sort(),
    );
    for (const other of [retained.ticket.id, open.ticket.id, recent.id]) expect(cleaned).not.toContain(other);
    expect(await sweepAttachments(server.node.ctx, now)).toEqual([]);

    for (const gone of [closed, resolved]) {
      const row = await reload(gone.ticket.id);
      expect(row.clean).toBe(1);
      expect(JSON.parse(row.attachments)).toEqual(["DELETED"]);
      const message = await db()
        .selectFrom("chat_messages")
        .select("attachments")
        .where("id", "=", gone.message.id)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(message.attachments)).toEqual(["DELETED"]);
      for (const name of gone.files) expect(existsSync(file(name))).toBe(false);
      const uploads = await db().selectFrom("uploads").select("name").where("ticket_id", "=", gone.ticket.id).execute();
      expect(uploads).toEqual([]);
    }
    for (const kept of [retained, open]) {
      expect((await reload(kept.ticket.id)).clean).toBe(0);
      for (const name of kept.files) expect(existsSync(file(name))).toBe(true);
    }
    // The staff view says so; a download of a removed file is a plain 404.
    const staff = await openSession(server, server.client(), await buildStaff(server.store, { rank: "admin" }));
    const gone = await staff.get(`/download/${closed.files[0]}`);
    expect(gone.status).toBe(404);
  });

  it("a node that dies between the retention commit and the file removal leaves the files queued; the next sweep removes them", async () => {
    const now = nowSeconds();
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member, status: "CLOSED", last_updated: now - 10 });
    const files = [await storeFile(member.id, ticket.id), await storeFile(member.id, ticket.id)];
    await db()
      .updateTable("tickets")
      .set({ attachments: JSON.stringify(files) })
      .where("id", "=", ticket.id)
      .execute();
    const onDisk = (name: string) => existsSync(path.join(server.node.ctx.uploads.dir, name));
    const queued = async () =>
      (await db().selectFrom("upload_deletions").select("name").where("name", "in", files).execute())
        .map((r) => r.name)
        .sort();

    // The process dies as the first file removal starts: after the commit, before any unlink.
    const crashing = Object.create(server.node.ctx.uploads) as typeof server.node.ctx.uploads;
    crashing.remove = () => Promise.reject(new Error("node died"));
    await expect(sweepAttachments({ ...server.node.ctx, uploads: crashing }, now)).rejects.toThrow("node died");
    expect((await reload(ticket.id)).clean).toBe(1);
    expect(JSON.parse((await reload(ticket.id)).attachments)).toEqual(["DELETED", "DELETED"]);
    for (const name of files) expect(onDisk(name)).toBe(true);
    expect(await queued()).toEqual([...files].sort());

    // The next run (any sweep, any node; here two at once) finds nothing to clean and still removes them.
    const [a, b] = await Promise.all(nodes().map((ctx) => sweepAttachments(ctx, now)));
    expect([...a!, ...b!].map((t) => t.id)).not.toContain(ticket.id);
    for (const name of files) expect(onDisk(name)).toBe(false);
    expect(await queued()).toEqual([]);
    expect(await removeQueuedFiles(server.node.ctx)).toBe(0);
  });

  it("queues orphan uploads' files in the transaction that deletes their rows", async () => {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member });
    const name = await storeFile(member.id, ticket.id);
    const old = nowSeconds() - 3600 * 24;
    await db().updateTable("uploads").set({ ticket_id: null, created_at: old }).where("name", "=", name).execute();
    const crashing = Object.create(server.node.ctx.uploads) as typeof server.node.ctx.uploads;
    crashing.remove = () => Promise.reject(new Error("node died"));
    await expect(sweepOrphanUploads({ ...server.node.ctx, uploads: crashing })).rejects.toThrow("node died");
    expect(await db().selectFrom("uploads").select("name").where("name", "=", name).execute()).toEqual([]);
    expect(existsSync(path.join(server.node.ctx.uploads.dir, name))).toBe(true);

    expect(await sweepOrphanUploads(server.node.ctx)).not.toContain(name);
    expect(existsSync(path.join(server.node.ctx.uploads.dir, name))).toBe(false);
  });

  it("ends bans at their time with an auto_unbanned message, once, across two nodes; permanent bans stay", async () => {
    const staff = await buildStaff(server.store, { rank: "admin" });
    const admin = await openSession(server, server.client(), staff);
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member, status: "REPLIED" });
    const other = await buildTicket(server.store, { member, status: "CLOSED" });
    const forever = await buildTicket(server.store, { status: "REPLIED" });
    const email = `sweep-${randomToken(6).toLowerCase()}@temp.test`;
    const [t1, t2] = [await buildTempUser(server.store, { email }), await buildTempUser(server.store, { email })];
    const tempTicket = await buildTicket(server.store, { member: t1, status: "REPLIED" });
    await buildTicket(server.store, { member: t2, status: "REPLIED" });

    const ban = (url: string, ticketId: number, time: number) =>
      admin.post(url, { ticket_id: ticketId, ban_reason: "Spam", ban_time: time });
    expect((await ban("/api/tickets/ban-member-user", ticket.id, 60)).status).toBe(200);
    expect((await ban("/api/tickets/ban-member-user", forever.id, -1)).status).toBe(200);
    expect((await ban("/api/tickets/ban-temporary-user", tempTicket.id, 60)).status).toBe(200);

    // Not yet: nothing ends.
    expect(await sweepBanExpiry(server.node.ctx)).toEqual([]);
    const later = nowSeconds() + 61;
    const [a, b] = await Promise.all(nodes().map((ctx) => sweepBanExpiry(ctx, later)));
    const ended = [...a!, ...b!];
    expect(ended.map((l) => l.ticket_id).sort()).toEqual([ticket.id, tempTicket.id].sort());
    expect(await sweepBanExpiry(server.node.ctx, later)).toEqual([]);

    const users = await db()
      .selectFrom("users")
      .select(["id", "banned", "banned_until"])
      .where("id", "in", [member.id, t1.id, t2.id])
      .execute();
    expect(users.map((u) => [u.banned, u.banned_until])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    const flags = await db()
      .selectFrom("tickets")
      .select("banned")
      .where("id", "in", [ticket.id, other.id, tempTicket.id])
      .execute();
    expect(flags.map((t) => t.banned)).toEqual([0, 0, 0]);
    const logs = await db()
      .selectFrom("ban_logs")
      .selectAll()
      .where("ticket_id", "in", [ticket.id, tempTicket.id])
      .execute();
    for (const log of logs) expect(log).toMatchObject({ active: 0, ban_lifter_id: null, ban_lift_timestamp: later });
    for (const id of [ticket.id, tempTicket.id]) {
      const lines = await messagesOf(id, "ban_message");
      expect(lines.map((m) => [m.banned, m.message])).toEqual([
        [1, "Spam"],
        [0, "auto_unbanned"],
      ]);
      expect(lines[1]?.sender_id).toBeNull();
    }
    expect((await reload(forever.id)).banned).toBe(1);
    const history = await admin.post("/api/tickets/get-ban-history-member", { member_id: member.id });
    expect((history.body.ban_logs as Record<string, unknown>[])[0]).toMatchObject({
      active: false,
      ban_lifter_id: null,
      ban_lift_timestamp: later,
    });
  });
});
