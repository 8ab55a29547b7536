/**
 * The stored figures of finished statistic periods (stats_periods, migration 0021) on both
 * engines: a node's call stores the periods that have ended, never the one under way; another node
 * answers the same from them without reading the tickets of those periods; mean and median read
 * back exactly (even and odd counts); two nodes warming at once store each period once; the
 * first-reply figures of the period under way, which a node keeps partly in memory, follow every
 * new first reply exactly. statsPeriods.stale.test.ts: writes into periods already stored.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATS_RANGES } from "../../common/schemas/stats.ts";
import { nowSeconds } from "../auth/tokens.ts";
import type { AppContext } from "../context.ts";
import { openDatabase } from "../db/database.ts";
import { type Bucket, seriesBuckets } from "../domain/statsBuckets.ts";
import { firstReplyDelayPerPeriod, readStatsGeneration } from "../repositories/stats.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildTicket } from "../test/factories.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { countTicketsOverTime, firstReplyDelayOverTime, warmStatistics } from "./countTicketsOverTime.ts";

/** Epoch seconds of a wall-clock time in Istanbul (UTC+3 all year). */
const ist = (y: number, mo: number, d: number, h: number, mi: number) => Date.UTC(y, mo - 1, d, h - 3, mi) / 1000;
const NOW = ist(2026, 3, 15, 13, 20);
const ZONE = "Europe/Istanbul";

describe.each(ENGINES)("stored statistic periods on %s", (engine) => {
  let second: { db: AppContext["store"]["db"]; close(): Promise<void> };
  /** Another node on the same database: its own handle, so nothing of the first node's memory. */
  let secondCtx: AppContext;

  const server = useTestServer(engine, { BUSINESS_TIMEZONE: ZONE });
  beforeAll(async () => {
    const member = await buildMember(server.store);
    const replies: [number, number][] = [
      // 11:00–12:00 today: 10 and 30 minutes (even: median 20).
      [ist(2026, 3, 15, 11, 10), 600],
      [ist(2026, 3, 15, 11, 20), 1800],
      // Last month: 1, 2 and 9 minutes (odd: median 2).
      [ist(2026, 2, 10, 9, 0), 60],
      [ist(2026, 2, 11, 9, 0), 120],
      [ist(2026, 2, 12, 9, 0), 540],
      // The hour under way: 5 minutes.
      [ist(2026, 3, 15, 13, 5), 300],
    ];
    for (const [replyAt, delay] of replies) {
      await buildTicket(server.store, {
        member,
        created_at: replyAt - delay,
        first_reply_at: replyAt,
        status: "REPLIED",
      });
    }
    second = openDatabase(server.store.openOptions) as typeof second;
    secondCtx = { store: { db: second.db, engine }, config: { businessTimezone: ZONE } } as unknown as AppContext;
  });
  afterAll(async () => {
    await second?.close();
  });

  const stored = () =>
    server.store.db.selectFrom("stats_periods").selectAll().orderBy("series").orderBy("lo").orderBy("hi").execute();

  it("stores the finished periods of a call, not the one under way, and another node answers the same", async () => {
    const ctx = server.node.ctx;
    const first = [];
    for (const range of STATS_RANGES) {
      first.push(await countTicketsOverTime(ctx, { range, now: NOW }));
      first.push(await firstReplyDelayOverTime(ctx, { range, now: NOW }));
    }
    const rows = await stored();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => Number(r.hi) <= NOW - 60)).toBe(true);
    // Every range's buckets but the newest: 23 + 27 + 29 + 11, in each series.
    expect(rows.filter((r) => r.series === "created")).toHaveLength(23 + 27 + 29 + 11);
    expect(rows.filter((r) => r.series === "first_reply")).toHaveLength(23 + 27 + 29 + 11);
    const again = [];
    for (const range of STATS_RANGES) {
      again.push(await countTicketsOverTime(secondCtx, { range, now: NOW }));
      again.push(await firstReplyDelayOverTime(secondCtx, { range, now: NOW }));
    }
    expect(again).toEqual(first);
    expect(
      (await firstReplyDelayOverTime(secondCtx, { range: "hours_to_count", now: NOW })).datasets.hours_to_count,
    ).toMatchObject({
      "11:00": [20, 20],
      "13:00": [5, 5],
    });
    expect(
      (await firstReplyDelayOverTime(secondCtx, { range: "months_to_count", now: NOW })).datasets.months_to_count,
    ).toMatchObject({
      "02": [4, 2],
    });
  });

  it("a node that has not seen a finished period reads its stored row, not the tickets", async () => {
    // February's row says 7 tickets; the tickets say 3. A fresh node answers from the row.
    const february = { lo: ist(2026, 2, 1, 0, 0), hi: ist(2026, 3, 1, 0, 0) };
    await server.store.db
      .updateTable("stats_periods")
      .set({ n: 7 })
      .where("series", "=", "created")
      .where("lo", "=", february.lo)
      .where("hi", "=", february.hi)
      .execute();
    const third = openDatabase(server.store.openOptions);
    try {
      const ctx = { store: { db: third.db, engine }, config: { businessTimezone: ZONE } } as unknown as AppContext;
      const answer = await countTicketsOverTime(ctx, { range: "months_to_count", now: NOW });
      expect(answer.datasets.months_to_count?.["02"]).toBe(7);
    } finally {
      await third.close();
      await server.store.db
        .updateTable("stats_periods")
        .set({ n: 3 })
        .where("series", "=", "created")
        .where("lo", "=", february.lo)
        .execute();
    }
  });

  it("two nodes warming at once store every period once and agree", async () => {
    await server.store.db.deleteFrom("stats_periods").execute();
    const later = NOW + 3 * 3600;
    const fresh = openDatabase(server.store.openOptions);
    try {
      const ctx = { store: { db: fresh.db, engine }, config: { businessTimezone: ZONE } } as unknown as AppContext;
      await Promise.all([warmStatistics(ctx, later), warmStatistics(secondCtx, later)]);
      const rows = await stored();
      const keys = rows.map((r) => `${r.series}:${r.lo}:${r.hi}`);
      expect(new Set(keys).size).toBe(keys.length);
      expect(rows.filter((r) => r.series === "created")).toHaveLength(23 + 27 + 29 + 11);
      const a = await firstReplyDelayOverTime(ctx, { range: "weeks_to_count", now: later });
      const b = await firstReplyDelayOverTime(server.node.ctx, { range: "weeks_to_count", now: later });
      expect(a).toEqual(b);
      expect(a.datasets.weeks_to_count?.["2026-03-15"]).toEqual([15, 10]);
    } finally {
      await fresh.close();
    }
  });

  it("the period under way follows each new first reply exactly, on a node that keeps its older part", async () => {
    const ctx = server.node.ctx;
    // A timeline ahead of the clock: the tickets' triggers (migration 0032) take any instant older
    // than a minute for a write into the past, and would empty the node's memory at every step.
    const start = nowSeconds() + 3 * 3600;
    const newest = (now: number) => seriesBuckets("months_to_count", now, ZONE).buckets.at(-1) as Bucket;
    const member = await buildMember(server.store);
    const reply = (at: number, delay: number) =>
      buildTicket(server.store, { member, created_at: at - delay, first_reply_at: at, status: "REPLIED" });
    /** What the SQL of a finished period says of the month under way, in the answer's minutes. */
    const fromSql = async (now: number) => {
      const [f] = await firstReplyDelayPerPeriod(server.store.db, [newest(now)]);
      if (!f) return null;
      return [Math.round((f.total / f.n / 60) * 10) / 10, Math.round((f.middle / (f.n % 2 ? 1 : 2) / 60) * 10) / 10];
    };
    const answer = async (node: AppContext, now: number) =>
      (await firstReplyDelayOverTime(node, { range: "months_to_count", now })).datasets.months_to_count?.[
        newest(now).key
      ] ?? null;

    let now = start;
    expect(await answer(ctx, now)).toEqual(await fromSql(now));
    const generation = await readStatsGeneration(server.store.db);
    // First replies are stamped when they are given: each step gives one, then time moves on, so
    // replies move from the last minute into the settled part the node keeps.
    const steps: { delay: number; after: number }[] = [
      { delay: 60, after: 5 },
      { delay: 4200, after: 120 },
      { delay: 12, after: 2 },
      { delay: 7200, after: 61 },
      { delay: 30, after: 3600 },
    ];
    for (const step of steps) {
      await reply(now, step.delay);
      now += step.after;
      expect(await answer(ctx, now)).toEqual(await fromSql(now));
    }
    // Writes of the present move no generation on: the node kept its settled part throughout.
    expect(await readStatsGeneration(server.store.db)).toBe(generation);
    // A fresh node, and the first node asked about an earlier moment, agree with the SQL.
    const fresh = openDatabase(server.store.openOptions);
    try {
      const freshCtx = { store: { db: fresh.db, engine }, config: { businessTimezone: ZONE } } as unknown as AppContext;
      expect(await answer(freshCtx, now)).toEqual(await fromSql(now));
      expect(await answer(ctx, start)).toEqual(await answer(freshCtx, start));
    } finally {
      await fresh.close();
    }
  });
});
