/** The per-user limit on chat sends over HTTP (finding 2), in both limit stores and on both engines. */
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "../ratelimit/rules.ts";
import { buildChatParties } from "../test/chatParties.ts";
import { ENGINES, LIMIT_STORES } from "../test/engines.ts";
import { form, storedFiles } from "../test/playerTickets.ts";
import { SAMPLE_FILES } from "../test/sampleFiles.ts";
import { startSecondNode } from "../test/server.ts";
import { sameSession } from "../test/twoNodes.ts";
import { useTestServer } from "../test/useTestServer.ts";

const SEND = "/api/new-chat-message";

describe.each(LIMIT_STORES)("HTTP chat sends in the %s limit store", (limits) => {
  describe.each(ENGINES)("on %s", (engine) => {
    const server = useTestServer(engine, {}, { limits });

    const messagesBy = async (ticketId: number, senderId: number) =>
      (
        await server.store.db
          .selectFrom("chat_messages")
          .select("id")
          .where("ticket_id", "=", ticketId)
          .where("sender_id", "=", senderId)
          .execute()
      ).length;

    it("refuses a burst past the limit with 429, stores nothing more, and leaves another user alone", async () => {
      const windowMs = RATE_LIMITS.chatSend.windowSeconds * 1000;
      const burst = RATE_LIMITS.chatSend.max + 10;
      // The burst, the other user's sends and the late file must fall in one window of the
      // servers' own clock: a run that a window's end cut in two is tried again with new parties.
      for (let attempt = 1; ; attempt++) {
        const { ticket, player, member, agent, staff, chatId } = await buildChatParties(server);
        const filesBefore = storedFiles(server.store).length;
        await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 5));
        const window = Math.floor(Date.now() / windowMs);
        const [mine, theirs] = await Promise.all([
          Promise.all(Array.from({ length: burst }, (_, i) => player.post(SEND, { chatId, message: `spam ${i}` }))),
          Promise.all(Array.from({ length: 5 }, (_, i) => agent.post(SEND, { chatId, message: `answer ${i}` }))),
        ]);
        // Refused before its body is read: the file never reaches the disk.
        const withFile = await player.post(SEND, form({ chatId, message: "late" }, [SAMPLE_FILES["text/plain"]!]));
        if (Math.floor(Date.now() / windowMs) !== window) {
          if (attempt < 5) continue;
          throw new Error("five runs in a row crossed a window's end: the machine is too slow for this test");
        }
        const statuses = mine.map((r) => r.status);
        expect(statuses.filter((s) => s === 200)).toHaveLength(RATE_LIMITS.chatSend.max);
        expect(statuses.filter((s) => s === 429)).toHaveLength(burst - RATE_LIMITS.chatSend.max);
        const refused = mine.find((r) => r.status === 429)!;
        expect(refused.body).toEqual({ detail: "Too many requests. Please slow down.", code: "rate_limited" });
        expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
        expect(withFile.status).toBe(429);
        expect(storedFiles(server.store)).toHaveLength(filesBefore);
        expect(await messagesBy(ticket.id, member.id)).toBe(RATE_LIMITS.chatSend.max);
        // The other user's own window is untouched by the player's flood.
        expect(theirs.map((r) => r.status)).toEqual(Array(5).fill(200));
        expect(await messagesBy(ticket.id, staff.id)).toBe(5);
        break;
      }
    });

    // Last in this suite: closing the second node closes the limit store that both nodes share.
    it("counts one user's sends on every node together", async () => {
      const second = await startSecondNode(server);
      try {
        const windowMs = RATE_LIMITS.chatSend.windowSeconds * 1000;
        for (let attempt = 1; ; attempt++) {
          const { ticket, player, member, chatId } = await buildChatParties(server);
          const elsewhere = sameSession(player, second.baseUrl);
          await new Promise((resolve) => setTimeout(resolve, windowMs - (Date.now() % windowMs) + 5));
          const window = Math.floor(Date.now() / windowMs);
          const answers = await Promise.all(
            Array.from({ length: RATE_LIMITS.chatSend.max + 6 }, (_, i) =>
              (i % 2 ? elsewhere : player).post(SEND, { chatId, message: `both ${i}` }),
            ),
          );
          if (Math.floor(Date.now() / windowMs) !== window) {
            if (attempt < 5) continue;
            throw new Error("five runs in a row crossed a window's end: the machine is too slow for this test");
          }
          expect(answers.filter((r) => r.status === 200)).toHaveLength(RATE_LIMITS.chatSend.max);
          expect(answers.filter((r) => r.status === 429)).toHaveLength(6);
          expect(await messagesBy(ticket.id, member.id)).toBe(RATE_LIMITS.chatSend.max);
          break;
        }
      } finally {
        await second.close();
      }
    });
  });
});
