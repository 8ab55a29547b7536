/**
 * A socket lives only as long as its session, on every node: signing out everywhere on one node
 * closes the user's sockets on another once their session is next checked (an event after
 * SESSION_RECHECK_MS, or the node's periodic sweep), and such a socket can do nothing meanwhile.
 * The check is the one HTTP applies to the cookie (idle limit by session kind, disabled or
 * deleted user), and socket events keep the session alive for HTTP as requests do.
 */
import pino from "pino";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { sessionLimits, TOUCH_EVERY_SECONDS } from "../auth/sessionPolicy.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { TicketRow } from "../db/schema.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, startSecondNode } from "../test/server.ts";
import { openTemporarySession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { liveSessions, SESSION_RECHECK_MS, SessionWatch } from "./sessionWatch.ts";
import type { AppSocket } from "./socketTypes.ts";

const MEMBER_IDLE_SECONDS = sessionLimits({ class: "user" }, "user").idleSeconds;

/**
 * Moves this process's clock (Date, which the server reads too) on by `ms` at once, instead of
 * waiting that long; timers keep real time, and the clock goes on ticking from there.
 */
function clockForward(ms: number): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(Date.now() + ms);
}

describe.each(ENGINES)("socket sessions on %s", (engine) => {
  const server = useTestServer(engine);
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A member signed in over HTTP, with the id of the session that made. */
  async function signedInMember() {
    const member = await buildMember(server.store);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const session = await server.store.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", member.id)
      .executeTakeFirstOrThrow();
    return { member, client, sessionId: session.id };
  }

  /** A signed-in member with a ticket of their own and a connected socket that has used it. */
  async function memberOnSocket() {
    const signedIn = await signedInMember();
    const ticket = await buildTicket(server.store, { member: signedIn.member });
    const socket = signedIn.client.socket();
    await connected(socket);
    expect(await readChat(socket, ticket)).toEqual({ ok: true });
    return { ...signedIn, ticket, socket };
  }

  function readChat(socket: Socket, ticket: TicketRow): Promise<unknown> {
    return emitWithAck(socket, "messages_read", { chat_id: encodeChatId(ticket.id) });
  }

  async function lastSeenAt(sessionId: string): Promise<number> {
    const row = await server.store.db
      .selectFrom("sessions")
      .select("last_seen_at")
      .where("id", "=", sessionId)
      .executeTakeFirstOrThrow();
    return row.last_seen_at;
  }

  /**
   * Waits until the socket's last check is stale, then expects the socket closed: by the node's
   * sweep meanwhile, or on its next event, which is refused and writes nothing.
   */
  async function expectClosedOnNextEvent(socket: Socket, ticket: TicketRow): Promise<void> {
    clockForward(SESSION_RECHECK_MS + 200);
    if (socket.connected) {
      const closed = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
      const refused = await emitWithAck(socket, "send_message", {
        messageObj: { chatId: encodeChatId(ticket.id), message: "still here?" },
      });
      expect(refused).toEqual({ ok: false, error: "not_authenticated" });
      expect(await closed).toBe("io server disconnect");
    }
    expect(socket.connected).toBe(false);
    const messages = await server.store.db
      .selectFrom("chat_messages")
      .select("id")
      .where("ticket_id", "=", ticket.id)
      .where("message", "=", "still here?")
      .execute();
    expect(messages).toEqual([]);
  }

  it("closes a socket on another node once its session has ended there", async () => {
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member });
    const second = await startSecondNode(server);
    try {
      const here = server.client();
      await here.signIn(member.email, FACTORY_PASSWORD);
      const there = second.client();
      await there.signIn(member.email, FACTORY_PASSWORD);
      const socket = there.socket();
      await connected(socket);
      const ok = await emitWithAck(socket, "messages_read", { chat_id: encodeChatId(ticket.id) });
      expect(ok).toEqual({ ok: true });

      expect((await here.post("/auth/logout-everywhere")).status).toBe(200);
      await expectClosedOnNextEvent(socket, ticket);
    } finally {
      await second.close();
    }
  });

  it("answers the events that arrive during a check with that check, not with one query each", async () => {
    const { client, sessionId } = await signedInMember();
    const watch = new SessionWatch(server.store.db, pino({ level: "silent" }));
    const socket = { data: { session: { id: sessionId } }, connected: true } as unknown as AppSocket;
    // Never checked: every event wants a check, and a burst of them shares the one under way.
    const burst = [watch.stillLive(socket), watch.stillLive(socket), watch.check(socket)];
    expect(new Set(burst).size).toBe(1);
    expect(await Promise.all(burst)).toEqual([true, true, true]);
    // Done: the next check is a new one, and sees the session end.
    expect((await client.post("/auth/logout-everywhere")).status).toBe(200);
    const next = watch.check(socket);
    expect(next).not.toBe(burst[0]);
    expect(await next).toBe(false);
  });

  it("counts a session live only while it exists, has not expired and its user is enabled", async () => {
    const { member, sessionId } = await signedInMember();
    expect([...(await liveSessions(server.store.db, [sessionId, "no-such-session"])).keys()]).toEqual([sessionId]);
    await server.store.db
      .updateTable("users")
      .set({ disabled: 1, disabled_until: -1 })
      .where("id", "=", member.id)
      .execute();
    expect(await liveSessions(server.store.db, [sessionId])).toEqual(new Map());
  });

  it("applies HTTP's idle limit of each session kind, and ends a deleted user's session, as HTTP does", async () => {
    const idleFor = async (sessionId: string, seconds: number) =>
      server.store.db
        .updateTable("sessions")
        .set({ last_seen_at: nowSeconds() - seconds })
        .where("id", "=", sessionId)
        .execute();
    // Three hours idle: past a temporary session's two, well within a member's seven days.
    const member = await signedInMember();
    await idleFor(member.sessionId, 3 * 3600);
    const guest = await buildTempUser(server.store);
    const guestClient = server.client();
    await openTemporarySession(server, guestClient, guest.id, (await buildTicket(server.store)).id);
    const guestSession = await server.store.db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", guest.id)
      .executeTakeFirstOrThrow();
    await idleFor(guestSession.id, 3 * 3600);
    const deleted = await signedInMember();
    await server.store.db.updateTable("users").set({ deleted: 1 }).where("id", "=", deleted.member.id).execute();

    const live = await liveSessions(server.store.db, [member.sessionId, guestSession.id, deleted.sessionId]);
    expect([...live.keys()]).toEqual([member.sessionId]);
    // The cookies agree, one by one.
    expect((await member.client.get("/auth/pulse-check")).status).toBe(200);
    expect((await guestClient.get("/auth/pulse-check")).status).toBe(401);
    expect((await deleted.client.get("/auth/pulse-check")).status).toBe(401);
  });

  it("closes a socket whose session has been idle past its limit, as HTTP refuses its cookie", async () => {
    const { client, sessionId, ticket, socket } = await memberOnSocket();
    // Idle since before the limit, as if the tab had been left open for a week: no event since.
    await server.store.db
      .updateTable("sessions")
      .set({ last_seen_at: nowSeconds() - MEMBER_IDLE_SECONDS - 1 })
      .where("id", "=", sessionId)
      .execute();
    await expectClosedOnNextEvent(socket, ticket);
    expect((await client.get("/auth/pulse-check")).status).toBe(401);
  });

  it("closes a socket whose user has been deleted", async () => {
    const { member, client, ticket, socket } = await memberOnSocket();
    // Deleted on another node, say: nothing here ended the session at once.
    await server.store.db.updateTable("users").set({ deleted: 1 }).where("id", "=", member.id).execute();
    await expectClosedOnNextEvent(socket, ticket);
    expect((await client.get("/auth/pulse-check")).status).toBe(401);
  });

  it("keeps the session alive while the socket is used; events within the interval leave last_seen_at as it is", async () => {
    const { client, sessionId, ticket, socket } = await memberOnSocket();
    // Two minutes before HTTP would end it: the member has used only the socket since.
    const idleEnd = nowSeconds() + 120;
    await server.store.db
      .updateTable("sessions")
      .set({ last_seen_at: idleEnd - MEMBER_IDLE_SECONDS })
      .where("id", "=", sessionId)
      .execute();
    // The next event after this checks the session again, and learns that it is stale.
    clockForward(SESSION_RECHECK_MS + 200);

    const before = nowSeconds();
    const burst = await Promise.all(Array.from({ length: 5 }, () => readChat(socket, ticket)));
    expect(burst).toEqual(Array(5).fill({ ok: true }));
    // The events do not wait for the touch: the write lands a moment after their answers.
    const touched = await vi.waitFor(async () => {
      const seen = await lastSeenAt(sessionId);
      expect(seen).toBeGreaterThanOrEqual(before);
      return seen;
    });
    expect(touched + MEMBER_IDLE_SECONDS).toBeGreaterThan(idleEnd);

    // A second later, still within the interval: another write would carry a later second.
    clockForward(1_100);
    expect(nowSeconds() - touched).toBeLessThan(TOUCH_EVERY_SECONDS);
    const more = await Promise.all(Array.from({ length: 5 }, () => readChat(socket, ticket)));
    expect(more).toEqual(Array(5).fill({ ok: true }));
    expect(await lastSeenAt(sessionId)).toBe(touched);

    expect(socket.connected).toBe(true);
    expect((await client.get("/auth/pulse-check")).status).toBe(200);
  });
});
