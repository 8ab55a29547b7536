/**
 * The statistics against hand-built fixtures with known answers, on both engines (spec/3-staff-administration.md §2.1,
 * §3): tickets per period for the four ranges (bucket keys, edges, the oldest bucket first),
 * mean and median of the first-reply delay, the ticket totals, one employee's work and the open
 * tickets per category and status. `now` is fixed: 2026-03-15 13:20 in Europe/Istanbul (UTC+3).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { TicketStatus } from "../../common/constants.ts";
import type { StatsRange } from "../../common/schemas/stats.ts";
import { ENGINES } from "../test/engines.ts";
import { buildCategory, buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { useTestServer } from "../test/useTestServer.ts";
import { countTicketsOverTime, firstReplyDelayOverTime } from "./countTicketsOverTime.ts";
import { ticketStatsOverview } from "./ticketStatsOverview.ts";
import { userStatsOverview } from "./userStatsOverview.ts";

/** Epoch seconds of a wall-clock time in Istanbul (UTC+3 all year). */
const ist = (y: number, mo: number, d: number, h: number, mi: number) => Date.UTC(y, mo - 1, d, h - 3, mi) / 1000;
const NOW = ist(2026, 3, 15, 13, 20);
const ZONE = { BUSINESS_TIMEZONE: "Europe/Istanbul" };

/** A series with every key at zero but the given ones. */
function expectSeries(actual: Record<string, unknown> | undefined, keys: number, nonZero: Record<string, unknown>) {
  expect(Object.keys(actual ?? {})).toHaveLength(keys);
  const filled = Object.fromEntries(Object.entries(actual ?? {}).filter(([, v]) => v !== 0 && v !== null));
  expect(filled).toEqual(nonZero);
}

describe.each(ENGINES)("statistics on %s", (engine) => {
  describe("tickets per period, totals, one employee's work, open tickets", () => {
    let me: number;
    let categories: { a: number; b: number; gone: number };

    const server = useTestServer(engine, ZONE);
    beforeAll(async () => {
      const store = server.store;
      me = (await buildStaff(store, { rank: "mod" })).id;
      const other = (await buildStaff(store, { rank: "mod" })).id;
      categories = {
        a: (await buildCategory(store, { title: "Payments", value: 1 })).id,
        b: (await buildCategory(store, { title: "Bugs", value: 2 })).id,
        gone: (await buildCategory(store, { title: "Old", value: 3, deleted: 1 })).id,
      };
      const member = await buildMember(store);
      const rows: [
        number,
        TicketStatus,
        number,
        Partial<Record<"assigned_to" | "resolved_by" | "closed_by", unknown>>,
      ][] = [
        [ist(2026, 3, 15, 13, 5), "NEW TICKET", categories.a, {}],
        [ist(2026, 3, 15, 12, 59), "REPLIED", categories.a, { assigned_to: me }],
        [ist(2026, 3, 14, 14, 0), "WAITING DEV", categories.b, { assigned_to: me }],
        [ist(2026, 3, 14, 13, 59), "ON HOLD", categories.a, { assigned_to: other }],
        [ist(2026, 3, 8, 18, 0), "RESOLVED", categories.a, { resolved_by: String(me) }],
        [ist(2026, 3, 8, 17, 59), "RESOLVED", categories.b, { resolved_by: String(other) }],
        [ist(2026, 2, 14, 0, 0), "CLOSED", categories.a, { closed_by: String(me) }],
        [ist(2026, 2, 13, 23, 59), "CLOSED", categories.a, { closed_by: "AUTO" }],
        [ist(2025, 4, 1, 0, 0), "CLOSED", categories.b, { assigned_to: me, closed_by: String(me) }],
        [ist(2025, 3, 31, 23, 59), "REPLIED", categories.gone, {}],
        [ist(2026, 1, 15, 10, 0), "NEW TICKET", categories.b, {}],
      ];
      for (const [created_at, status, category_id, extra] of rows) {
        await buildTicket(store, { member, created_at, status, category_id, ...(extra as object) });
      }
    });

    const series = async (range: StatsRange) => {
      const answer = await countTicketsOverTime(server.node.ctx, { range, now: NOW });
      return { answer, values: answer.datasets[range] ?? {} };
    };

    it("Last 24 Hours: 24 hourly buckets 'HH:00', from the hour after this one yesterday to this one", async () => {
      const { answer, values } = await series("hours_to_count");
      expect(Object.keys(values).sort()[0]).toBe("00:00");
      expect(answer.newest).toBe("13:00");
      expect(answer.hours_to_count).toBe(24);
      expect(answer.time_zone).toBe("Europe/Istanbul");
      expectSeries(values, 24, { "14:00": 1, "12:00": 1, "13:00": 1 });
    });

    it("Last Week: 28 six-hour buckets keyed by date and hour, 7 days with the one under way", async () => {
      const { answer, values } = await series("intervals_to_count");
      expect(Object.keys(values).sort()[0]).toBe("2026-03-08 18:00");
      expect(answer.newest).toBe("2026-03-15 12:00");
      expectSeries(values, 28, { "2026-03-08 18:00": 1, "2026-03-14 12:00": 2, "2026-03-15 12:00": 2 });
    });

    it("Last Month: 30 days of the business time zone (a day starts at 00:00 there, 21:00 UTC)", async () => {
      const { answer, values } = await series("weeks_to_count");
      expect(Object.keys(values).sort()[0]).toBe("2026-02-14");
      expect(answer.newest).toBe("2026-03-15");
      expectSeries(values, 30, { "2026-02-14": 1, "2026-03-08": 2, "2026-03-14": 2, "2026-03-15": 2 });
    });

    it("Last Year: 12 months '01'…'12', from April last year to this March", async () => {
      const { answer, values } = await series("months_to_count");
      // The order is the client's to make (spec/3-staff-administration.md §2.1 rotation): JSON puts '10'–'12' first anyway.
      expect(Object.keys(values).sort()).toEqual([
        "01",
        "02",
        "03",
        "04",
        "05",
        "06",
        "07",
        "08",
        "09",
        "10",
        "11",
        "12",
      ]);
      expect(answer.newest).toBe("03");
      expectSeries(values, 12, { "04": 1, "01": 1, "02": 2, "03": 6 });
    });

    it("ticket_stats: open (the four active statuses), resolved, closed, all", async () => {
      expect(await ticketStatsOverview(server.node.ctx)).toEqual({
        n_open: 6,
        n_resolved: 2,
        n_closed: 3,
        n_total: 11,
      });
    });

    it("user_stats: the caller's active assigned tickets and the ones they resolved or closed; open tickets by category and status", async () => {
      const overview = await userStatsOverview(server.node.ctx, me);
      expect(overview.user_stats).toEqual({ n_open: 2, n_resolved: 1, n_closed: 2 });
      expect(overview.open_ticket_categories).toEqual([
        { id: categories.a, label: "Payments", count: 3 },
        { id: categories.b, label: "Bugs", count: 2 },
        { id: categories.gone, label: "Old", count: 1 },
      ]);
      expect(overview.open_ticket_statuses).toEqual([
        { label: "NEW TICKET", count: 2 },
        { label: "WAITING DEV", count: 1 },
        { label: "ON HOLD", count: 1 },
        { label: "REPLIED", count: 2 },
      ]);
    });
  });

  describe("first-reply delay: mean and median per period of the first reply", () => {
    const server = useTestServer(engine, ZONE);
    beforeAll(async () => {
      const member = await buildMember(server.store);
      const replies: [number, number][] = [
        // 12:00–13:00 today: 10, 20, 30 and 100 minutes.
        ...[600, 1200, 1800, 6000].map((d) => [ist(2026, 3, 15, 12, 30), d] as [number, number]),
        // 13:00–now: 5, 7 and 9 minutes.
        ...[300, 420, 540].map((d) => [ist(2026, 3, 15, 13, 1), d] as [number, number]),
        // The oldest hour's first second: 61.5 minutes.
        [ist(2026, 3, 14, 14, 0), 3690],
        // One second before the 24 hours: in the week, not in the day.
        [ist(2026, 3, 14, 13, 59), 60],
      ];
      for (const [replyAt, delay] of replies) {
        await buildTicket(server.store, {
          member,
          created_at: replyAt - delay,
          first_reply_at: replyAt,
          status: "REPLIED",
        });
      }
      // Not answered yet: no delay to count.
      await buildTicket(server.store, { member, created_at: ist(2026, 3, 15, 12, 10) });
    });

    const delays = async (range: StatsRange) =>
      (await firstReplyDelayOverTime(server.node.ctx, { range, now: NOW })).datasets[range];

    it("hours: an even count takes the mean of the two middle values; buckets without replies are null", async () => {
      expectSeries(await delays("hours_to_count"), 24, {
        "12:00": [40, 25],
        "13:00": [7, 7],
        "14:00": [61.5, 61.5],
      });
    });

    it("week: six-hour buckets; an odd count takes the middle value", async () => {
      expectSeries(await delays("intervals_to_count"), 28, {
        "2026-03-14 12:00": [31.3, 31.3],
        "2026-03-15 12:00": [25.9, 10],
      });
    });

    it("month and year: every reply of the period in one bucket", async () => {
      expectSeries(await delays("weeks_to_count"), 30, {
        "2026-03-14": [31.3, 31.3],
        "2026-03-15": [25.9, 10],
      });
      expectSeries(await delays("months_to_count"), 12, { "03": [27.1, 10] });
    });
  });
});
