import { beforeAll, describe, expect, it } from "vitest";
import { countUnreadAnnouncements, markAnnouncementRead } from "../repositories/content.ts";
import { ENGINES } from "../test/engines.ts";
import {
  buildCategory,
  buildMember,
  buildPriority,
  buildServer,
  buildStaff,
  FACTORY_PASSWORD,
} from "../test/factories.ts";
import { useTestServer } from "../test/useTestServer.ts";

describe.each(ENGINES)("public setup lists, FAQs and announcements on %s", (engine) => {
  const server = useTestServer(engine);
  beforeAll(async () => {
    const s = server.store;
    await buildCategory(s, { title: "Second", value: 20, style: "red", locales: '{"tr":"İkinci"}', disabled: 1 });
    await buildCategory(s, { title: "First", value: 10, locales: "not json" });
    await buildCategory(s, { title: "Out-of-game trade", value: 30 });
    await buildCategory(s, { title: "Flagged", value: 40, has_violaters_form: 1 });
    await buildCategory(s, { title: "Removed", value: 5, deleted: 1, deleted_at: 100 });
    await buildPriority(s, { title: "High", value: 3 });
    await buildPriority(s, { title: "Normal", value: 2, is_default: 1 });
    await buildPriority(s, { title: "Old", value: 1, deleted: 1 });
    await buildServer(s, { title: "Europe 2", value: 2 });
    await buildServer(s, { title: "Europe 1", value: 1 });
    await buildServer(s, { title: "Closed", value: 0, deleted: 1 });
  });

  it("lists live categories in order, with locales as an object and the violaters-form rule applied", async () => {
    const res = await server.client().get("/api/setup/fetch-categories");
    expect(res.status).toBe(200);
    const categories = res.body.categories as Record<string, unknown>[];
    expect(categories.map((c) => c.title)).toEqual(["First", "Second", "Out-of-game trade", "Flagged"]);
    expect(categories[0]).toEqual({
      id: expect.any(Number),
      title: "First",
      value: 10,
      style: "",
      locales: {},
      disabled: false,
      has_violaters_form: false,
    });
    expect(categories[1]).toMatchObject({ locales: { tr: "İkinci" }, disabled: true, style: "red" });
    expect(categories.slice(2).map((c) => c.has_violaters_form)).toEqual([true, true]);
  });

  it("lists priority levels and servers", async () => {
    const client = server.client();
    const priorities = (await client.get("/api/setup/fetch-priority-levels")).body.priority_levels;
    expect(priorities).toEqual([
      { id: expect.any(Number), title: "Normal", value: 2, style: "", default: true },
      { id: expect.any(Number), title: "High", value: 3, style: "", default: false },
    ]);
    const servers = (await client.get("/api/setup/fetch-servers")).body.servers as { title: string }[];
    expect(servers.map((s) => s.title)).toEqual(["Europe 1", "Europe 2"]);
    expect(Object.keys(servers[0]!).sort()).toEqual(["id", "style", "title", "value"]);
  });

  it("shows deleted lists to staff only", async () => {
    const paths = [
      ["/api/setup/fetch-deleted-categories", "deleted_categories", "Removed"],
      ["/api/setup/fetch-deleted-priority-levels", "deleted_priority_levels", "Old"],
      ["/api/setup/fetch-deleted-servers", "servers", "Closed"],
    ] as const;
    const anonymous = server.client();
    const member = await buildMember(server.store);
    const player = server.client();
    await player.signIn(member.email, FACTORY_PASSWORD);
    const staffUser = await buildStaff(server.store, { rank: "dev" });
    const staff = server.client();
    await staff.signIn(staffUser.email, FACTORY_PASSWORD);
    for (const [path, field, title] of paths) {
      expect((await anonymous.get(path)).status).toBe(401);
      expect((await player.get(path)).status).toBe(403);
      const res = await staff.get(path);
      expect(res.status).toBe(200);
      expect((res.body[field] as { title: string }[]).map((r) => r.title)).toEqual([title]);
    }
  });

  it("lists FAQs in order", async () => {
    await server.store.db
      .insertInto("faqs")
      .values([
        { title: "B", message: "b", eng_title: "Bee", eng_message: "bee", value: 2 },
        { title: "A", message: "a", eng_title: "", eng_message: "", value: 1 },
      ])
      .execute();
    const res = await server.client().get("/api/setup/fetch-faqs");
    expect(res.body.faqs).toEqual([
      { id: expect.any(Number), title: "A", message: "a", engTitle: "", engMessage: "", value: 1 },
      { id: expect.any(Number), title: "B", message: "b", engTitle: "Bee", engMessage: "bee", value: 2 },
    ]);
  });

  it("lists the announcements active now, with the caller's read flags", async () => {
    const now = Math.floor(Date.now() / 1000);
    // Every row names every column: SQLite has no DEFAULT inside a multi-row VALUES list.
    const base = { message: "m", created_at: now, eng_title: "", eng_message: "" };
    const rows = await server.store.db
      .insertInto("announcements")
      .values([
        { ...base, title: "Open-ended", value: 2, start_date: now - 100, end_date: null, active: 1 },
        { ...base, title: "Windowed", value: 1, start_date: now - 100, end_date: now + 100, active: 1, eng_title: "W" },
        { ...base, title: "Ended", value: 3, start_date: now - 200, end_date: now - 100, active: 1 },
        { ...base, title: "Future", value: 4, start_date: now + 100, end_date: null, active: 1 },
        { ...base, title: "Inactive", value: 5, start_date: now - 100, end_date: null, active: 0 },
      ])
      .returning(["id", "title"])
      .execute();
    const anonymous = await server.client().get("/api/announcements/fetch-active-announcements");
    const list = anonymous.body.announcements as Record<string, unknown>[];
    expect(list.map((a) => a.title)).toEqual(["Windowed", "Open-ended"]);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      title: "Windowed",
      message: "m",
      engTitle: "W",
      engMessage: "",
      value: 1,
      startDate: now - 100,
      endDate: now + 100,
      active: true,
      read: false,
    });
    expect(list[1]).toMatchObject({ endDate: "", read: false });

    const member = await buildMember(server.store);
    const openEnded = rows.find((r) => r.title === "Open-ended")!.id;
    expect(await countUnreadAnnouncements(server.store.db, member.id, now)).toBe(2);
    expect(await markAnnouncementRead(server.store.db, member.id, openEnded)).toBe(true);
    expect(await markAnnouncementRead(server.store.db, member.id, openEnded)).toBe(true);
    expect(await countUnreadAnnouncements(server.store.db, member.id, now)).toBe(1);
    expect(await markAnnouncementRead(server.store.db, member.id, 9_999_999)).toBe(false);
    const client = server.client();
    await client.signIn(member.email, FACTORY_PASSWORD);
    const mine = (await client.get("/api/announcements/fetch-active-announcements")).body.announcements as {
      title: string;
      read: boolean;
    }[];
    expect(mine.map((a) => [a.title, a.read])).toEqual([
      ["Windowed", false],
      ["Open-ended", true],
    ]);
  });
});
