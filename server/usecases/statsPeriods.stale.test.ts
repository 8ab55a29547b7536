/**
 * Writes into statistic periods already stored, on both engines: a ticket written into the past
 * (the demo seed, an import) shows in the charts of every node, over HTTP too, the stored figures
 * of the periods it reached are computed again and nothing else is; figures computed before such
 * a write are not stored after it; a ticket filed now and a first reply given now leave the stored
 * periods and the generation alone (the hot path runs no trigger body). And the first start's
 * story: a help desk whose empty periods were stored before the demo seed shows the demo's tickets.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATS_RANGES, type StatsRange } from "../../common/schemas/stats.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { openDatabase } from "../db/database.ts";
import { seriesBuckets } from "../domain/statsBuckets.ts";
import { readStatsGeneration, readStoredPeriods, storePeriods } from "../repositories/stats.ts";
import { seedBase } from "../seed/base.ts";
import { seedDemo } from "../seed/demo.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { startTestServer, type TestServer } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { countTicketsOverTime, firstReplyDelayOverTime, warmStatistics } from "./countTicketsOverTime.ts";

const ZONE = "Europe/Istanbul";
const HOUR = 3600;

describe.each(ENGINES)("writes into stored statistic periods on %s", (engine) => {
  let server: TestServer;
  let second: ReturnType<typeof openDatabase>;
  /** Another node on the same database, with a memory of its own. */
  let secondCtx: AppContext;

  beforeAll(async () => {
    server = await startTestServer(engine, { BUSINESS_TIMEZONE: ZONE });
    second = openDatabase(server.store.openOptions);
    secondCtx = { store: { db: second.db, engine }, config: { businessTimezone: ZONE } } as unknown as AppContext;
  });
  afterAll(async () => {
    await second?.close();
    await server?.close();
  });

  /** The count of the bucket of `range` that holds `at`, as a node answers it now. */
  const countAt = async (ctx: AppContext, range: StatsRange, at: number) => {
    const now = nowSeconds();
    const bucket = seriesBuckets(range, now, ZONE).buckets.find((b) => b.from <= at && at < b.to);
    if (!bucket) throw new Error(`no bucket of ${range} holds ${at}`);
    return (await countTicketsOverTime(ctx, { range, now })).datasets[range]?.[bucket.key] ?? 0;
  };

  it("a ticket written into stored periods shows on every node, and only its periods are computed again", async () => {
    const ctx = server.node.ctx;
    const now = nowSeconds();
    // Every finished period is stored (as empty) and both nodes keep them in memory.
    await warmStatistics(ctx, now);
    await warmStatistics(secondCtx, now);
    const before = await readStoredPeriods(server.store.db, "created", 0, now);
    expect(before.size).toBeGreaterThan(0);
    expect([...before.values()].every((p) => p.n === 0)).toBe(true);
    const generation = await readStatsGeneration(server.store.db);

    // Five hours and two days back, as the demo seed and an import write them.
    const recent = now - 5 * HOUR;
    const older = now - 2 * 86_400;
    await buildTicket(server.store, { created_at: recent, first_reply_at: recent + 600, status: "REPLIED" });
    await buildTicket(server.store, { created_at: older, first_reply_at: older + 1200, status: "REPLIED" });
    expect(await readStatsGeneration(server.store.db)).toBeGreaterThan(generation);

    // The stored periods holding either instant are gone; every other one is still there.
    const after = await readStoredPeriods(server.store.db, "created", 0, now);
    const reached = [...before.values()].filter(
      (p) => (p.from <= recent && recent < p.to) || (p.from <= older && older < p.to),
    );
    expect(reached.length).toBeGreaterThan(0);
    for (const p of reached) expect(after.has(`${p.from}:${p.to}`)).toBe(false);
    expect(after.size).toBe(before.size - reached.length);

    for (const node of [ctx, secondCtx]) {
      expect(await countAt(node, "hours_to_count", recent)).toBe(1);
      expect(await countAt(node, "intervals_to_count", older)).toBe(1);
      expect(await countAt(node, "weeks_to_count", older)).toBe(1);
      const replied = older + 1200;
      const day = seriesBuckets("weeks_to_count", now, ZONE).buckets.find((b) => b.from <= replied && replied < b.to);
      const delays = await firstReplyDelayOverTime(node, { range: "weeks_to_count", now });
      expect(delays.datasets.weeks_to_count?.[day?.key ?? ""]).toEqual([20, 20]);
    }
    // Computed again and stored with the ticket in it.
    const stored = await readStoredPeriods(server.store.db, "created", 0, now);
    expect(stored.size).toBe(before.size);
    expect([...stored.values()].filter((p) => p.n > 0).length).toBe(reached.length);

    // Over HTTP, as the dashboard asks.
    const mod = await openSession(server, server.client(), await buildStaff(server.store, { rank: "mod" }));
    const { body } = await mod.get<{ datasets: Record<string, Record<string, number>> }>(
      "/api/stats/fetch-tickets-chronological?range=intervals_to_count",
    );
    const total = Object.values(body.datasets.intervals_to_count ?? {}).reduce((a, b) => a + b, 0);
    expect(total).toBe(2);
  });

  it("figures computed before such a write are not stored after it", async () => {
    const db = server.store.db;
    const now = nowSeconds();
    const period = { from: now - 40 * 86_400, to: now - 40 * 86_400 + HOUR };
    const seen = await readStatsGeneration(db);
    await buildTicket(server.store, { created_at: period.from + 60 });
    const stored = await storePeriods(db, "created", [{ ...period, n: 0, total: 0, middle: 0 }], seen);
    expect(stored).toBe(false);
    expect((await readStoredPeriods(db, "created", period.from, period.from + 1)).size).toBe(0);
    // With the generation it now is, the same call stores.
    const current = await readStatsGeneration(db);
    expect(await storePeriods(db, "created", [{ ...period, n: 1, total: 0, middle: 0 }], current)).toBe(true);
    expect(
      (await readStoredPeriods(db, "created", period.from, period.from + 1)).get(`${period.from}:${period.to}`),
    ).toMatchObject({ n: 1 });
  });

  it("a ticket filed now and its first reply given now leave the stored periods and the generation alone", async () => {
    const db = server.store.db;
    const now = nowSeconds();
    await warmStatistics(server.node.ctx, now);
    const periods = (await readStoredPeriods(db, "created", 0, now)).size;
    const generation = await readStatsGeneration(db);
    const member = await buildMember(server.store);
    const ticket = await buildTicket(server.store, { member, created_at: now });
    await db.updateTable("tickets").set({ first_reply_at: nowSeconds() }).where("id", "=", ticket.id).execute();
    await db.updateTable("tickets").set({ last_updated: nowSeconds() }).where("id", "=", ticket.id).execute();
    expect(await readStatsGeneration(db)).toBe(generation);
    expect((await readStoredPeriods(db, "created", 0, now)).size).toBe(periods);
  });
});

describe.each(ENGINES)("the demo seed after the statistics were stored on %s", (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(engine, { BUSINESS_TIMEZONE: ZONE });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows the demo's tickets of the last day and week", async () => {
    const ctx = server.node.ctx;
    await seedBase(server.store, { adminPassword: "Stats-Admin-1!", log: () => {} });
    // The sweep stores every finished period of an empty help desk before the seed runs.
    await warmStatistics(ctx, nowSeconds());
    await seedDemo(server.store, { password: "Demo-Password-1!", log: () => {} });
    const now = nowSeconds();
    for (const range of STATS_RANGES) {
      const { buckets } = seriesBuckets(range, now, ZONE);
      const first = buckets[0]?.from ?? now;
      const { n } = await server.store.db
        .selectFrom("tickets")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("created_at", ">=", first)
        .where("created_at", "<", buckets.at(-1)?.to ?? now)
        .executeTakeFirstOrThrow();
      const answer = (await countTicketsOverTime(ctx, { range, now })).datasets[range] ?? {};
      expect(Number(n)).toBeGreaterThan(0);
      expect(Object.values(answer).reduce((a, b) => a + b, 0)).toBe(Number(n));
    }
  });
});
