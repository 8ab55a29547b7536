/**
 * The dashboard calls over real HTTP on both engines (spec/3-staff-administration.md §2.1, §7): every call's answer, the
 * range parameter, refusals per rank and permission (stats without stats:view and
 * stats:page_view, the changelog for non-admins) with nothing written, the changelog's date rule,
 * the capacity warning against its thresholds, and the thresholds' validation.
 */
import { describe, expect, it } from "vitest";
import { PERMISSIONS } from "../../common/permissions.ts";
import { type ServerStats, STATS_RANGES } from "../../common/schemas/stats.ts";
import { nowSeconds } from "../auth/tokens.ts";
import { ConfigError, loadConfig } from "../config.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff, buildTicket } from "../test/factories.ts";
import { connected, startTestServer, type TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const STATS_CALLS = [
  "/api/stats/fetch-tickets-stats-overview",
  "/api/stats/get-user-stats-overview",
  "/api/stats/fetch-tickets-chronological",
  "/api/stats/fetch-tickets-first-reply-time-chronological",
];
const ADD = "/api/misc/add-new-changelog";
const ALL_PERMISSIONS = [...PERMISSIONS];

describe.each(ENGINES)("dashboard calls on %s", (engine) => {
  const signedIn = (user: { id: number; class: "dev" | "user" }): Promise<TestClient> =>
    openSession(server, server.client(), user);

  const server = useTestServer(engine);

  const changelogCount = async () =>
    Number(
      (
        await server.store.db
          .selectFrom("changelogs")
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("answers every series for each range, with the newest bucket holding a ticket filed now", async () => {
    const mod = await signedIn(await buildStaff(server.store, { rank: "mod" }));
    const now = nowSeconds();
    await buildTicket(server.store, { created_at: now - 5, first_reply_at: now - 2 });
    for (const range of STATS_RANGES) {
      const counts = await mod.get<{ newest: string; datasets: Record<string, Record<string, number>> }>(
        `/api/stats/fetch-tickets-chronological?range=${range}`,
      );
      expect(counts.status).toBe(200);
      expect(Object.keys(counts.body.datasets)).toEqual([range]);
      expect(counts.body.datasets[range]?.[counts.body.newest]).toBeGreaterThanOrEqual(1);
      const delays = await mod.get<{ newest: string; datasets: Record<string, Record<string, unknown>> }>(
        `/api/stats/fetch-tickets-first-reply-time-chronological?range=${range}`,
      );
      expect(delays.status).toBe(200);
      expect(delays.body.datasets[range]?.[delays.body.newest]).toEqual([expect.any(Number), expect.any(Number)]);
    }
    const byDefault = await mod.get<{ datasets: Record<string, unknown> }>("/api/stats/fetch-tickets-chronological");
    expect(Object.keys(byDefault.body.datasets)).toEqual(["hours_to_count"]);
    const overview = await mod.get<{ ticket_stats: Record<string, number> }>(STATS_CALLS[0] as string);
    expect(overview.status).toBe(200);
    expect(overview.body.ticket_stats.n_total).toBeGreaterThanOrEqual(1);
    const user = await mod.get(STATS_CALLS[1] as string);
    expect(user.status).toBe(200);
    expect(Object.keys(user.body).sort()).toEqual(["open_ticket_categories", "open_ticket_statuses", "user_stats"]);
  });

  it("the period under way is counted afresh on every call (finished periods are kept)", async () => {
    const mod = await signedIn(await buildStaff(server.store, { rank: "mod" }));
    const newestCount = async () => {
      const { body } = await mod.get<{ newest: string; datasets: Record<string, Record<string, number>> }>(
        "/api/stats/fetch-tickets-chronological?range=months_to_count",
      );
      return body.datasets.months_to_count?.[body.newest] ?? 0;
    };
    const before = await newestCount();
    await buildTicket(server.store, { created_at: nowSeconds() - 1 });
    expect(await newestCount()).toBe(before + 1);
  });

  it("refuses an unknown range with 422 and a sentence", async () => {
    const mod = await signedIn(await buildStaff(server.store, { rank: "mod" }));
    for (const path of STATS_CALLS.slice(2)) {
      const response = await mod.get<{ detail: { msg: string }[] }>(`${path}?range=days`);
      expect(response.status).toBe(422);
      expect(response.body.detail[0]?.msg).toMatch(/hours_to_count/);
    }
  });

  it("statistics: stats:view or stats:page_view reads them; staff with neither, players and visitors are refused", async () => {
    const neither = await signedIn(await buildStaff(server.store, { rank: "dev", permissions: ["profile:view"] }));
    const pageOnly = await signedIn(await buildStaff(server.store, { rank: "dev", permissions: ["stats:page_view"] }));
    const viewOnly = await signedIn(await buildStaff(server.store, { rank: "dev", permissions: ["stats:view"] }));
    const player = await signedIn(await buildMember(server.store));
    const anonymous = server.client();
    for (const path of STATS_CALLS) {
      expect((await neither.get(path)).status, path).toBe(403);
      expect((await pageOnly.get(path)).status, path).toBe(200);
      expect((await viewOnly.get(path)).status, path).toBe(200);
      expect((await player.get(path)).status, path).toBe(403);
      expect((await anonymous.get(path)).status, path).toBe(401);
    }
  });

  it("the server status: staff of every rank, also without statistics permissions; not players", async () => {
    const plain = await signedIn(await buildStaff(server.store, { rank: "dev", permissions: [] }));
    const socket = plain.socket();
    await connected(socket);
    const response = await plain.get<{ server_stats: ServerStats }>("/api/system/fetch-server-status");
    socket.close();
    expect(response.status).toBe(200);
    const stats = response.body.server_stats;
    expect(stats.sockets).toBeGreaterThanOrEqual(1);
    expect(stats.database_size_bytes).toBeGreaterThan(0);
    expect(stats.upload_disk_total_bytes).toBeGreaterThan(stats.upload_disk_free_bytes);
    expect(stats.database_disk_free_bytes === null).toBe(engine === "postgres");
    expect(stats.capacity).toBeGreaterThan(0);
    const player = await signedIn(await buildMember(server.store));
    expect((await player.get("/api/system/fetch-server-status")).status).toBe(403);
  });

  describe("changelog", () => {
    it("the answer says whether the caller may add an entry, as the add call answers them: admins only", async () => {
      for (const rank of ["admin", "mod", "dev"] as const) {
        // Every permission string does not make a mod an admin: the add is the admin rank's.
        const staff = await signedIn(
          await buildStaff(server.store, { rank, ...(rank === "mod" ? { permissions: ALL_PERMISSIONS } : {}) }),
        );
        const listed = await staff.get<{ may_add: boolean }>("/api/misc/fetch-changelogs");
        expect(listed.status, rank).toBe(200);
        expect(listed.body.may_add, rank).toBe(rank === "admin");
        const before = await changelogCount();
        const added = await staff.post<{ may_add: boolean }>(ADD, {
          date: "08:00 01.01:2001",
          title: rank,
          message: "M",
        });
        expect(added.status, rank).toBe(rank === "admin" ? 200 : 403);
        if (rank === "admin") expect(added.body.may_add).toBe(true);
        else expect(await changelogCount()).toBe(before);
      }
    });

    it("an admin adds an entry dated as the spec writes it (HH:MM DD.MM:YYYY, business time zone); the list comes back newest first", async () => {
      const admin = await signedIn(await buildStaff(server.store, { rank: "admin" }));
      const older = await admin.post(ADD, { date: "09:15 01.02:2020", title: "Old release", message: "First." });
      expect(older.status).toBe(200);
      const response = await admin.post<{ changelogs: { id: number; date: number; title: string }[] }>(ADD, {
        date: "14:30 02.11:2025",
        title: "  New charts  ",
        message: "Statistics page.",
      });
      expect(response.status).toBe(200);
      const [first] = response.body.changelogs;
      // 14:30 in Europe/Istanbul (UTC+3) is 11:30 UTC.
      expect(first).toMatchObject({ title: "New charts", date: Date.UTC(2025, 10, 2, 11, 30) / 1000 });
      const dates = response.body.changelogs.map((c) => c.date);
      expect(dates).toEqual([...dates].sort((a, b) => b - a));
      const listed = await admin.get<{ changelogs: unknown[] }>("/api/misc/fetch-changelogs");
      expect(listed.body.changelogs).toEqual(response.body.changelogs);
    });

    it("an empty date means now; a dot before the year is taken too", async () => {
      const admin = await signedIn(await buildStaff(server.store, { rank: "admin" }));
      const before = nowSeconds();
      const now = await admin.post<{ changelogs: { date: number; title: string }[] }>(ADD, {
        date: "",
        title: "Now",
        message: "Today.",
      });
      expect(now.body.changelogs[0]?.title).toBe("Now");
      expect(now.body.changelogs[0]?.date).toBeGreaterThanOrEqual(before);
      const dotted = await admin.post(ADD, { date: "08:00 03.01.2021", title: "Dotted", message: "Typed with a dot." });
      expect(dotted.status).toBe(200);
    });

    it("refuses a bad date, an empty title or message with 422 and writes nothing", async () => {
      const admin = await signedIn(await buildStaff(server.store, { rank: "admin" }));
      const count = await changelogCount();
      const refusals: [Record<string, string>, RegExp][] = [
        [{ date: "2025-11-02 14:30", title: "T", message: "M" }, /HH:MM DD\.MM:YYYY/],
        [{ date: "25:00 02.11:2025", title: "T", message: "M" }, /HH:MM DD\.MM:YYYY/],
        [{ date: "10:00 31.02:2025", title: "T", message: "M" }, /HH:MM DD\.MM:YYYY/],
        [{ date: "", title: "   ", message: "M" }, /title/],
        [{ date: "", title: "T", message: "" }, /message/],
        [{ date: "", title: "T".repeat(201), message: "M" }, /too long/],
      ];
      for (const [body, message] of refusals) {
        const response = await admin.post<{ detail: { msg: string }[] }>(ADD, body);
        expect(response.status, JSON.stringify(body)).toBe(422);
        expect(response.body.detail[0]?.msg).toMatch(message);
      }
      expect(await changelogCount()).toBe(count);
    });

    it("mods and devs read the changelog but may not add to it; players may do neither; nothing is written", async () => {
      const count = await changelogCount();
      for (const rank of ["mod", "dev"] as const) {
        const staff = await signedIn(await buildStaff(server.store, { rank }));
        expect((await staff.get("/api/misc/fetch-changelogs")).status).toBe(200);
        expect((await staff.post(ADD, { date: "", title: "Mine", message: "Sneaky." })).status).toBe(403);
      }
      const player = await signedIn(await buildMember(server.store));
      expect((await player.get("/api/misc/fetch-changelogs")).status).toBe(403);
      expect((await player.post(ADD, { date: "", title: "Mine", message: "Sneaky." })).status).toBe(403);
      expect(await changelogCount()).toBe(count);
    });
  });
});

describe("server-capacity thresholds", () => {
  it("a free-disk threshold above the volume's free space shows the warning with its reason", async () => {
    const server = await startTestServer("sqlite", { CAPACITY_MIN_FREE_DISK_MB: "1000000000" });
    try {
      const staff = await openSession(server, server.client(), await buildStaff(server.store, { rank: "dev" }));
      const { body } = await staff.get<{ server_stats: ServerStats }>("/api/system/fetch-server-status");
      expect(body.server_stats.show_warning).toBe(true);
      expect(body.server_stats.warnings).toEqual(["upload_disk_low", "database_disk_low"]);
    } finally {
      await server.close();
    }
  });

  it("a socket limit below the sockets shows its warning; 0 is no database size limit", async () => {
    const server = await startTestServer("sqlite", { CAPACITY_MAX_DATABASE_MB: "0", CAPACITY_MAX_SOCKETS: "1" });
    try {
      const staff = await openSession(server, server.client(), await buildStaff(server.store, { rank: "dev" }));
      const first = staff.socket();
      const second = staff.socket();
      await Promise.all([connected(first), connected(second)]);
      const { body } = await staff.get<{ server_stats: ServerStats }>("/api/system/fetch-server-status");
      expect(body.server_stats.warnings).toEqual(["sockets_high"]);
      expect(body.server_stats.capacity).toBe(100);
    } finally {
      await server.close();
    }
  });

  it("the thresholds and the business time zone are validated at start", () => {
    const base = { NODE_ENV: "test", DATA_DIR: "/tmp/helpdesk-config-test", CAPTCHA: "off" };
    for (const bad of [
      { CAPACITY_MIN_FREE_DISK_MB: "-1" },
      { CAPACITY_MAX_SOCKETS: "0" },
      { CAPACITY_MAX_EVENT_LOOP_DELAY_MS: "fast" },
      { CAPACITY_MAX_DATABASE_MB: "1.5" },
      { BUSINESS_TIMEZONE: "Mars/Olympus" },
    ]) {
      expect(() => loadConfig({ ...base, ...bad }), JSON.stringify(bad)).toThrow(ConfigError);
    }
    expect(loadConfig(base).capacity).toEqual({
      minFreeDiskBytes: 1024 * 1024 * 1024,
      maxDatabaseBytes: 0,
      maxSockets: 5000,
      maxEventLoopDelayMs: 200,
    });
  });
});
