/**
 * The status the caller saw, given as a hint to a transition: the UPDATE names the new status or
 * leaves it out, and a ticket that moved meanwhile still gets the move the table gives for the
 * status it has now. On both engines.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketAction } from "../domain/ticketStatus.ts";
import { createTestStore, ENGINES, type TestStore } from "../test/engines.ts";
import { buildMember, buildTicket } from "../test/factories.ts";
import { sourceFiles } from "../test/sourceFiles.ts";
import { applyTransition, type TransitionGuard } from "./ticketTransitions.ts";

describe.each(ENGINES)("applyTransition with the status seen (%s)", (engine) => {
  let store: TestStore;
  beforeAll(async () => {
    store = await createTestStore(engine);
  });
  afterAll(() => store.close());

  async function ticketIn(status: "NEW TICKET" | "REPLIED" | "ON HOLD" | "CLOSED") {
    return buildTicket(store, { member: await buildMember(store), status });
  }

  /** A chat message's move, by a caller that saw the ticket REPLIED, writing `last_message_at`. */
  function seenAsReplied(ticketId: number, action: TicketAction, lastMessageAt: number, guard: TransitionGuard = {}) {
    return applyTransition(
      store.db,
      ticketId,
      action,
      { last_message_at: lastMessageAt },
      {
        ...guard,
        seenStatus: "REPLIED",
      },
    );
  }

  it("keeps the status when the move keeps it, and writes the other columns", async () => {
    const ticket = await ticketIn("REPLIED");
    const updated = await seenAsReplied(ticket.id, "staffReply", 42);
    expect(updated).toMatchObject({ id: ticket.id, status: "REPLIED", last_message_at: 42 });
  });

  it("writes the new status when the move changes it", async () => {
    const ticket = await ticketIn("REPLIED");
    const updated = await seenAsReplied(ticket.id, "playerReply", 43);
    expect(updated).toMatchObject({ status: "WAITING DEV", last_message_at: 43 });
  });

  it("applies the move from the status the ticket has now when the one seen is stale", async () => {
    // Seen as REPLIED, put on hold meanwhile: a player's reply keeps ON HOLD, not WAITING DEV.
    const ticket = await ticketIn("ON HOLD");
    const updated = await seenAsReplied(ticket.id, "playerReply", 44);
    expect(updated).toMatchObject({ status: "ON HOLD", last_message_at: 44 });
  });

  it("refuses, changing nothing, a move the current status does not allow, whatever was seen", async () => {
    const ticket = await ticketIn("CLOSED");
    const refused = await seenAsReplied(ticket.id, "staffReply", 45);
    expect(refused).toBeUndefined();
    const stored = await store.db
      .selectFrom("tickets")
      .select(["status", "last_message_at"])
      .where("id", "=", ticket.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "CLOSED", last_message_at: ticket.last_message_at });
  });

  it("honours the other guards given with the hint", async () => {
    const ticket = await ticketIn("REPLIED");
    const refused = await seenAsReplied(ticket.id, "staffReply", 46, { assignedTo: 999_999 });
    expect(refused).toBeUndefined();
  });
});

describe("status writes", () => {
  it("come only from the transition table: no UPDATE of tickets names a status of its own", () => {
    const root = path.join(import.meta.dirname, "..");
    const sources = sourceFiles("server", { tests: false })
      // The demo data and the test factories write tickets as they are, not as they move.
      .filter((file) => !/[/\\](seed|test|migrations)[/\\]/.test(file));
    expect(sources.length).toBeGreaterThan(100);
    const byHand = sources.filter((file) =>
      /updateTable\("tickets"\)\s*\.set\(\{[^}]*\bstatus:\s*["'`]/.test(readFileSync(file, "utf8")),
    );
    expect(byHand.map((file) => path.relative(root, file))).toEqual([]);
  });
});
