/**
 * Every limit holds across two nodes: each node counts in Redis through its own client,
 * as two machines would, and every test spreads its attempts over both nodes, so that a limit kept
 * per node would let twice as much through. Sign-in, the route limits, the ticket look-up (Find my
 * ticket), filing, uploads, socket events and sockets per user.
 */
import type { Socket } from "socket.io-client";
import { beforeAll, expect, it } from "vitest";
import { SIGN_IN_RULES } from "../auth/throttle.ts";
import { writeSetting } from "../db/appSettings.ts";
import { RATE_LIMITS, UPLOAD_BUDGET_WINDOW_SECONDS } from "../ratelimit/rules.ts";
import { buildMember, buildTempUser, buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import { buildPlayer, buildTicketWorld, form, memberTicketFields, type TicketWorld } from "../test/playerTickets.ts";
import { connected, emitWithAck, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { describeTwoNodes, sameSession } from "../test/twoNodes.ts";
import { inOneWindow } from "../test/windows.ts";

const UPLOAD_BUDGET = 40_000;
const SOCKETS_PER_USER = 4;

let address = 0;
/** Each test comes from addresses of its own, so that the per-address windows of one do not reach the next. */
function fromNewAddress(): Record<string, string> {
  address++;
  return { "x-forwarded-for": `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}` };
}

/** Resolves with "connected" or the server's refusal. */
function outcome(socket: Socket): Promise<string> {
  return connected(socket).then(
    () => "connected",
    (error: Error) => error.message,
  );
}

const count = <T>(values: T[], value: T) => values.filter((v) => v === value).length;

const ENV = {
  TRUST_PROXY: "true",
  UPLOAD_BUDGET_BYTES: String(UPLOAD_BUDGET),
  UPLOAD_MAX_BYTES: "30000",
  SOCKETS_PER_USER: String(SOCKETS_PER_USER),
  // The sweeps run as in production; nothing here waits long enough for them to act.
  SWEEP_INTERVAL_SECONDS: "0.5",
};

describeTwoNodes("limits shared by two nodes", ENV, { sweeps: true }, (cluster) => {
  let world: TicketWorld;
  beforeAll(async () => {
    world = await buildTicketWorld(cluster().store);
  });

  /** The i-th attempt goes to node i mod 2, as a round-robin balancer sends them. */
  const nodeClient = (i: number): TestClient => cluster().nodes[i % 2]!.client();

  it("sign-in: ten failures from one address lock the account there, not twenty, however they are spread", async () => {
    await inOneWindow(SIGN_IN_RULES.perAccountAddress.windowSeconds, async () => {
      const member = await buildMember(cluster().store);
      const attacker = fromNewAddress();
      const attempt = (i: number, password: string) =>
        nodeClient(i).post(
          "/auth/login",
          { username: member.email, password, captchaToken: "" },
          { headers: attacker },
        );
      const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(i, `Wrong-pass-${i}!`)));
      const statuses = answers.map((a) => a.status);
      expect(count(statuses, 401)).toBe(10);
      expect(count(statuses, 429)).toBe(10);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(refused.body).toMatchObject({ code: "too_many_sign_in_attempts", detail: expect.any(String) });
      }
      // The right password is refused too, on either node, until the window ends.
      for (const i of [0, 1]) expect((await attempt(i, FACTORY_PASSWORD)).status).toBe(429);
      // The owner, elsewhere, is not locked out.
      const owner = await nodeClient(1).post(
        "/auth/login",
        { username: member.email, password: FACTORY_PASSWORD, captchaToken: "" },
        { headers: fromNewAddress() },
      );
      expect(owner.status).toBe(200);
    });
  });

  it("route limits: the password-token check's 30 a minute hold over both nodes together", async () => {
    await inOneWindow(60, async () => {
      const caller = fromNewAddress();
      // Through @fastify/rate-limit, whose counters live in the same store (ratelimit/fastifyStore.ts).
      const answers = await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          nodeClient(i).post(
            "/auth2/check-password-token",
            { password_token: `no-such-token-${i}` },
            { headers: caller },
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(count(statuses, 400)).toBe(30);
      expect(count(statuses, 429)).toBe(10);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(refused.body).toMatchObject({ detail: expect.any(String) });
      }
    });
  });

  it("Find my ticket: the look-up lockout counts wrong pairs on both nodes together", async () => {
    await inOneWindow(RATE_LIMITS.temporaryLookup.windowSeconds, async () => {
      const visitor = await buildTempUser(cluster().store, { email: `lookup-${address}@temp.test` });
      const ticket = await buildTicket(cluster().store, { member: visitor });
      const guesser = fromNewAddress();
      const lookUp = (i: number, email: string) =>
        nodeClient(i).post(
          "/api/tickets/search-ticket-temporary",
          { ticket_id: ticket.id, email },
          { headers: guesser },
        );
      const max = RATE_LIMITS.temporaryLookup.max;
      const answers = await Promise.all(Array.from({ length: 2 * max }, (_, i) => lookUp(i, `wrong-${i}@temp.test`)));
      const statuses = answers.map((a) => a.status);
      expect(count(statuses, 404)).toBe(max);
      expect(count(statuses, 429)).toBe(max);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(refused.body).toMatchObject({ code: "ticket_lookup_locked", detail: expect.any(String) });
      }
      // Locked on both nodes, the right pair included.
      for (const i of [0, 1]) {
        const locked = await lookUp(i, visitor.email);
        expect(locked.status).toBe(429);
        expect(locked.body.code).toBe("ticket_lookup_locked");
      }
    });
  });

  it("filing: parallel filings of one member on both nodes stop at the active-ticket cap", async () => {
    const member = await buildPlayer(cluster().store, world);
    const first = await openSession(cluster(), cluster().nodes[0].client(), member);
    const second = sameSession(first, cluster().nodes[1].baseUrl);
    const clients = [first, second];
    await writeSetting(cluster().store.db, "member_active_ticket_cap", "2");
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          clients[i % 2]!.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world))),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(count(statuses, 200)).toBe(2);
      expect(count(statuses, 429)).toBe(6);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(refused.body).toMatchObject({ code: "too_many_active_tickets", detail: expect.any(String) });
      }
      const filed = await cluster()
        .store.db.selectFrom("tickets")
        .select("id")
        .where("user_id", "=", member.id)
        .execute();
      expect(filed).toHaveLength(2);
    } finally {
      await writeSetting(cluster().store.db, "member_active_ticket_cap", "3");
    }
  });

  it("filing: a visitor's temporary filings from one address are counted on both nodes together", async () => {
    await inOneWindow(RATE_LIMITS.temporarySubmit.windowSeconds, async () => {
      const visitor = fromNewAddress();
      const max = RATE_LIMITS.temporarySubmit.max;
      const answers = await Promise.all(
        Array.from({ length: 2 * max }, (_, i) =>
          nodeClient(i).post(
            "/api/tickets/submit-temporary-ticket",
            form({
              email: `visitor-${address}-${i}@example.test`,
              name: "Visitor",
              category: world.categoryId,
              server: world.serverId,
              subject: "Cannot register",
              description: "The registration page says my e-mail is taken.",
              captchaToken: "",
            }),
            { headers: visitor },
          ),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(count(statuses, 200)).toBe(max);
      expect(count(statuses, 429)).toBe(max);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(refused.body).toMatchObject({ code: "rate_limit_ticket_submit", detail: expect.any(String) });
      }
    });
  });

  const text = (size: number) => ({ name: "notes.txt", bytes: Buffer.alloc(size, 0x61), type: "text/plain" });

  it("uploads: the budget spent on one node is spent on the other", async () => {
    await inOneWindow(UPLOAD_BUDGET_WINDOW_SECONDS, async () => {
      const member = await buildPlayer(cluster().store, world);
      const headers = fromNewAddress();
      const first = await openSession(cluster(), cluster().nodes[0].client(), member);
      const second = sameSession(first, cluster().nodes[1].baseUrl);
      const upload = (client: TestClient) => client.post("/api/upload-files", form({}, [text(25_000)]), { headers });

      expect((await upload(first)).status).toBe(200);
      const over = await upload(second);
      expect(over.status).toBe(429);
      expect(over.body).toMatchObject({ code: "upload_budget_exceeded", detail: expect.any(String) });
      // Refused before storing: the second node kept nothing of it.
      const rows = await cluster()
        .store.db.selectFrom("uploads")
        .select("name")
        .where("user_id", "=", member.id)
        .execute();
      expect(rows).toHaveLength(1);
    });
  });

  it("uploads: parallel uploads on both nodes never pass the budget together", async () => {
    await inOneWindow(UPLOAD_BUDGET_WINDOW_SECONDS, async () => {
      const member = await buildPlayer(cluster().store, world);
      const headers = fromNewAddress();
      const first = await openSession(cluster(), cluster().nodes[0].client(), member);
      const clients = [first, sameSession(first, cluster().nodes[1].baseUrl)];
      // Six uploads of 15,000 bytes against 40,000: two fit; on two separate budgets, four would.
      const answers = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          clients[i % 2]!.post("/api/upload-files", form({}, [text(15_000)]), { headers }),
        ),
      );
      const accepted = count(
        answers.map((a) => a.status),
        200,
      );
      expect(accepted).toBeGreaterThanOrEqual(1);
      expect(accepted).toBeLessThanOrEqual(2);
      expect(answers.every((a) => a.status === 200 || a.body.code === "upload_budget_exceeded")).toBe(true);
      const rows = await cluster()
        .store.db.selectFrom("uploads")
        .select("size")
        .where("user_id", "=", member.id)
        .execute();
      expect(rows).toHaveLength(accepted);
      expect(rows.reduce((sum, r) => sum + Number(r.size), 0)).toBeLessThanOrEqual(UPLOAD_BUDGET);
    });
  });

  it("socket events: a user's window on one node is the same window on the other", async () => {
    const member = await buildMember(cluster().store);
    const first = await openSession(cluster(), cluster().nodes[0].client(), member);
    const second = sameSession(first, cluster().nodes[1].baseUrl);
    const [a, b] = [first.socket(), second.socket()];
    await Promise.all([connected(a), connected(b)]);
    const windowMs = RATE_LIMITS.socketEvents.windowSeconds * 1000;
    const emit = (socket: Socket) => emitWithAck<{ ok: boolean; error?: string }>(socket, "leave_chatroom", {});
    // The whole window's events on the first node, then more on the second, within one window (a
    // run that a window's end cut in two is tried again; the clock is the servers' own).
    let attempt = 0;
    for (;;) {
      attempt++;
      await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 5));
      const window = Math.floor(Date.now() / windowMs);
      const onFirst = await Promise.all(Array.from({ length: RATE_LIMITS.socketEvents.max }, () => emit(a)));
      const onSecond = await Promise.all(Array.from({ length: 5 }, () => emit(b)));
      if (Math.floor(Date.now() / windowMs) !== window) {
        if (attempt < 5) continue;
        throw new Error("five runs in a row crossed a window's end: the machine is too slow for this test");
      }
      expect(onFirst.filter((r) => r.error === "rate_limited")).toEqual([]);
      expect(onSecond.map((r) => r.error)).toEqual(Array(5).fill("rate_limited"));
      break;
    }
    a.close();
    b.close();
  });

  it("sockets per user: the sockets a user holds on both nodes count together", async () => {
    const member = await buildMember(cluster().store);
    const first = await openSession(cluster(), cluster().nodes[0].client(), member);
    const second = sameSession(first, cluster().nodes[1].baseUrl);
    const sockets = [
      ...Array.from({ length: 3 }, () => first.socket()),
      ...Array.from({ length: 3 }, () => second.socket()),
    ];
    const outcomes = await Promise.all(sockets.map(outcome));
    expect(count(outcomes, "connected")).toBe(SOCKETS_PER_USER);
    expect(outcomes.filter((o) => o === "too_many_sockets")).toHaveLength(6 - SOCKETS_PER_USER);

    // A socket closed on one node frees its slot for the other node at once.
    const onFirst = sockets.slice(0, 3).find((s) => s.connected)!;
    const gone = new Promise((resolve) => onFirst.once("disconnect", resolve));
    onFirst.close();
    await gone;
    let admitted = "";
    for (let tries = 0; tries < 20 && admitted !== "connected"; tries++) {
      admitted = await outcome(second.socket());
      if (admitted !== "connected") await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(admitted).toBe("connected");
    expect(await outcome(first.socket())).toBe("too_many_sockets");
    first.closeSockets();
    second.closeSockets();
  });
});
