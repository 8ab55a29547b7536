/**
 * Ticket numbers under load: the number is the creation second and unique, and it is taken in one
 * statement, so parallel submissions all succeed with distinct numbers on both engines (under
 * load, PostgreSQL answered 68 of 1,000 submissions with 500 when the number was guessed and
 * retried).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allocateTicketNumber } from "../db/ticketNumber.ts";
import { createTestStore, ENGINES } from "../test/engines.ts";
import { buildTicket, FACTORY_PASSWORD } from "../test/factories.ts";
import {
  buildPlayer,
  buildTicketWorld,
  form,
  memberTicketFields,
  type TicketWorld,
  temporaryTicketFields,
} from "../test/playerTickets.ts";
import type { TestClient } from "../test/server.ts";
import { useTestServer } from "../test/useTestServer.ts";

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe.each(ENGINES)("ticket numbers on %s", (engine) => {
  let world: TicketWorld;
  const server = useTestServer(engine, { TRUST_PROXY: "true" });
  beforeAll(async () => {
    world = await buildTicketWorld(server.store);
  });

  it("gives 50 parallel member submissions 50 distinct numbers, none refused", async () => {
    // Different members: each has its own submit rate (3 per 10 minutes) and active-ticket cap.
    const clients: TestClient[] = [];
    for (let i = 0; i < 50; i++) {
      const member = await buildPlayer(server.store, world);
      const client = server.client();
      await client.signIn(member.email, FACTORY_PASSWORD);
      // The first POST of a fresh client fetches its CSRF cookie; do it now, not in the burst.
      await client.get("/api/config/public");
      clients.push(client);
    }
    // A ticket written without the allocator in the coming seconds must not be collided with.
    const taken = await buildTicket(server.store, { created_at: nowSeconds() + 2 });
    const answers = await Promise.all(
      clients.map((client) => client.post("/api/tickets/submit-member-ticket", form(memberTicketFields(world)))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const numbers = answers.map((a) => (a.body.ticket as { createdAt: number }).createdAt);
    expect(new Set(numbers).size).toBe(50);
    expect(numbers).not.toContain(taken.created_at);
  });

  it("keeps parallel temporary filings with one e-mail correct", async () => {
    const email = `parallel-${engine}@example.test`;
    const answers = await Promise.all(
      [1, 2, 3].map((i) =>
        server.client().post("/api/tickets/submit-temporary-ticket", form(temporaryTicketFields(world, { email })), {
          headers: { "x-forwarded-for": `10.9.${engine === "sqlite" ? 1 : 2}.${i}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const ids = answers.map((a) => a.body.ticket_id as number);
    const rows = await server.store.db
      .selectFrom("tickets")
      .select(["created_at", "email"])
      .where("id", "in", ids)
      .execute();
    expect(new Set(rows.map((r) => r.created_at)).size).toBe(3);
    expect(rows.every((r) => r.email === email)).toBe(true);
  });
});

describe.each(ENGINES)("allocateTicketNumber on %s", (engine) => {
  let store: Awaited<ReturnType<typeof createTestStore>>;
  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(async () => {
    await store?.close();
  });

  it("hands out now, then the next second while now is taken, and never a number a ticket holds", async () => {
    const now = 2_000_000_000;
    expect(await allocateTicketNumber(store.db, now)).toBe(now);
    expect(await allocateTicketNumber(store.db, now)).toBe(now + 1);
    expect(await allocateTicketNumber(store.db, now - 100)).toBe(now + 2);
    expect(await allocateTicketNumber(store.db, now + 10)).toBe(now + 10);
    // A ticket written directly (a seed, an import) further ahead moves the allocator past it.
    await buildTicket(store, { created_at: now + 20 });
    expect(await allocateTicketNumber(store.db, now + 11)).toBe(now + 21);
  });
});
