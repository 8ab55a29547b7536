/**
 * A socket lives only as long as its session, on every node: signing out everywhere on one node
 * closes the user's sockets on another once their session is next checked (an event after
 * SESSION_RECHECK_MS, or the node's periodic sweep), and such a socket can do nothing meanwhile.
 */
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { connected, emitWithAck, startSecondNode, startTestServer, type TestServer } from "../test/server.ts";
import { liveSessionIds, SESSION_RECHECK_MS, SessionWatch } from "./sessionWatch.ts";
import type { AppSocket } from "./socketServer.ts";

describe.each(ENGINES)("socket sessions on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine);
  });
  afterAll(async () => {
    await server?.close();
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
      await new Promise((resolve) => setTimeout(resolve, SESSION_RECHECK_MS + 200));
      // The node's sweep may have closed it already; otherwise the next event finds out.
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
    expect(await liveSessionIds(server.store.db, [sessionId, "no-such-session"])).toEqual(new Set([sessionId]));
    await server.store.db
      .updateTable("users")
      .set({ disabled: 1, disabled_until: -1 })
      .where("id", "=", member.id)
      .execute();
    expect(await liveSessionIds(server.store.db, [sessionId])).toEqual(new Set());
  });
});
