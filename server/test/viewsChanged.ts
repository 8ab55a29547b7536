/**
 * The kit of the views_changed suites (realtime/viewsChanged*.test.ts): tickets to change in a
 * burst, and a socket's views_changed arrivals, timed.
 */
import { type Kysely, sql } from "kysely";
import type { Socket } from "socket.io-client";
import type { Database } from "../db/schema.ts";
import { buildCategory, buildPriority, buildTicket, cloneTicket } from "./factories.ts";
import { caughtUp, type TestClient } from "./server.ts";

export interface BurstTickets {
  ids: number[];
  categoryId: number;
  /** Each ticket's priority now, and the one a change gives it. */
  priorities: [number, number];
}

/** `count` open tickets of one category and priority, and a second priority to change them to. */
export async function burstTickets(
  store: { db: Kysely<Database> },
  count: number,
  firstNumber: number,
): Promise<BurstTickets> {
  const category = await buildCategory(store);
  const [from, to] = [await buildPriority(store), await buildPriority(store)];
  const template = await buildTicket(store, {
    category_id: category.id,
    priority_id: from.id,
    status: "NEW TICKET",
    created_at: firstNumber,
  });
  await cloneTicket(store, template, count - 1, { created_at: sql`${sql.lit(firstNumber)} + g` });
  const rows = await store.db
    .selectFrom("tickets")
    .select("id")
    .where("category_id", "=", category.id)
    .orderBy("id")
    .execute();
  return { ids: rows.map((r) => r.id), categoryId: category.id, priorities: [from.id, to.id] };
}

/** One change of one ticket, as the ticket page makes it (update-ticket: its priority). */
export async function changeTicket(client: TestClient, tickets: BurstTickets, id: number): Promise<void> {
  const answer = await client.post("/api/tickets/update-ticket", {
    ticket_id: id,
    new_category: tickets.categoryId,
    new_priority: tickets.priorities[1],
  });
  if (answer.status !== 200) throw new Error(`update-ticket ${id}: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The times (Date.now()) at which a socket received views_changed, from now on. */
export function arrivals(socket: Socket): number[] {
  const times: number[] = [];
  socket.on("views_changed", () => times.push(Date.now()));
  return times;
}

/**
 * The most arrivals within any span shorter than `ms`. Events leave at least an interval apart,
 * but on a loaded machine one may arrive late and the next on time: two may then fall within an
 * interval, never three.
 */
export function mostWithin(times: number[], ms: number): number {
  let most = 0;
  for (let i = 0; i < times.length; i++) {
    let n = 0;
    for (let j = i; j < times.length && (times[j] ?? 0) - (times[i] ?? 0) < ms; j++) n++;
    most = Math.max(most, n);
  }
  return most;
}

/**
 * Waits out the last retry of a burst (a change is announced within two intervals), then until
 * every page has what the server sent: later tests see no event of this one.
 */
export async function settled(pages: Socket[], intervalMs: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 2 * intervalMs));
  await Promise.all(pages.map(caughtUp));
}
