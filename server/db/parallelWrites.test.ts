/**
 * The embedded SQLite default under parallel writes: ticket submissions eight at a time, staff
 * replying to the filed tickets meanwhile, players chatting, and the checkpoint thread starting the
 * WAL anew every few milliseconds. Every request is answered without a 5xx and every ticket is
 * stored: a write that meets a checkpoint waits for it instead of failing with SQLITE_BUSY.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { encodeChatId } from "../../common/ticket-code.ts";
import { buildMember, buildStaff } from "../test/factories.ts";
import { inParallel } from "../test/inParallel.ts";
import { buildTicketWorld, form, memberTicketFields, type TicketWorld } from "../test/playerTickets.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import type { TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

// Three tickets per member in ten minutes is the submission limit: enough members for 160.
const MEMBERS = 64;
const TICKETS = 160;
const AT_ONCE = 8;
const png = SAMPLE_FILES["image/png"]!;

describe("parallel writes on SQLite with the WAL started anew all the time", () => {
  let world: TicketWorld;
  const server = useTestServer(
    "sqlite",
    { MEMBER_ACTIVE_TICKET_CAP: "1000" },
    // A RESTART checkpoint whenever the WAL holds more than one frame, looked at every 2 ms.
    { store: { walCheckpoints: { everyMs: 2, restartFrames: 1 } } },
  );
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  it("answers every submission, reply and message without a 5xx while checkpoints run", async () => {
    const players: TestClient[] = [];
    for (let i = 0; i < MEMBERS; i++) {
      const member = await buildMember(server.store, { characters: [{ name: "Aragorn", serverId: world.serverId }] });
      players.push(await openSession(server, server.client(), member));
    }
    // A member of staff may send 20 messages a second: the replies go round eight of them.
    const staff: TestClient[] = [];
    for (let i = 0; i < 8; i++)
      staff.push(await openSession(server, server.client(), await buildStaff(server.store, { rank: "admin" })));
    const restartsBefore = server.store.walRestarts?.() ?? 0;

    const failures: string[] = [];
    const note = (what: string, res: { status: number; body: unknown }) => {
      if (res.status !== 200) failures.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    };
    const filed: number[] = [];
    let submissionsDone = false;

    const submissions = inParallel(TICKETS, AT_ONCE, async (i) => {
      const player = players[i % MEMBERS]!;
      const files = i % 4 === 0 ? [png] : [];
      const res = await player.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world), files));
      note(`submission ${i}`, res);
      if (res.status !== 200) return;
      const id = res.body.ticket_id as number;
      filed.push(id);
      const chat = await player.post("/api/new-chat-message", { chatId: encodeChatId(id), message: `more ${i}` });
      note(`player message ${i}`, chat);
    }).finally(() => {
      submissionsDone = true;
    });

    // Staff answer the filed tickets, one after another, while they keep coming.
    let answered = 0;
    const replies = (async () => {
      while (!submissionsDone || answered < filed.length) {
        const id = filed[answered];
        if (id === undefined) {
          await new Promise((resolve) => setTimeout(resolve, 1));
          continue;
        }
        const agent = staff[answered++ % staff.length]!;
        const res = await agent.post("/api/new-chat-message", { chatId: encodeChatId(id), message: "On it." });
        note(`reply to ${id}`, res);
      }
    })();

    await Promise.all([submissions, replies]);
    expect(failures).toEqual([]);
    expect(answered).toBe(TICKETS);
    const stored = await server.store.db
      .selectFrom("tickets")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(TICKETS);
    // Every acknowledged message is stored: each ticket's reply and its player's second message.
    const messages = await server.store.db
      .selectFrom("chat_messages")
      .select(["message", (eb) => eb.fn.countAll<number>().as("n")])
      .where("message", "in", ["On it.", ...Array.from({ length: TICKETS }, (_, i) => `more ${i}`)])
      .groupBy("message")
      .execute();
    const counted = new Map(messages.map((m) => [m.message, Number(m.n)]));
    expect(counted.get("On it.")).toBe(TICKETS);
    expect(messages.filter((m) => m.message.startsWith("more ")).length).toBe(TICKETS);
    // The checkpoint thread did start the WAL anew, many times, while all that was written.
    expect((server.store.walRestarts?.() ?? 0) - restartsBefore).toBeGreaterThan(10);
  });
});
