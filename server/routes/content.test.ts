/**
 * Announcement and FAQ setup over real HTTP on both engines (spec/3-staff-administration.md §2.4, §5, §7): every call,
 * its validations, the refusals per rank (and per permission), what players then see, and the
 * read records of employee announcements.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CONTENT_MESSAGES } from "../../common/schemas/content.ts";
import { ENGINES } from "../test/engines.ts";
import { buildMember, buildStaff } from "../test/factories.ts";
import type { TestClient } from "../test/server.ts";
import { openSession } from "../test/sessions.ts";
import { useTestServer } from "../test/useTestServer.ts";

const DAY = 86_400;
const now = () => Math.floor(Date.now() / 1000);

interface Row {
  id: number;
  title: string;
  message: string;
  engTitle?: string;
  engMessage?: string;
  value: number;
  startDate: number;
  endDate: number | "";
  active: boolean;
  read?: boolean;
}
type Rows = { announcements: Row[] };

/** The form the setup page sends (form-encoded, as the spec says). */
function form(fields: Record<string, string | number>): URLSearchParams {
  return new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
}

function playerFields(overrides: Record<string, string | number> = {}) {
  return {
    title: "Bakım",
    message: "Bu gece bakım var.",
    engTitle: "Maintenance",
    engMessage: "Maintenance tonight.",
    value: 1,
    startDate: now() - DAY,
    endDate: now() + DAY,
    ...overrides,
  };
}

function firstMsg(body: unknown): string {
  return (body as { detail: { msg: string }[] }).detail[0]!.msg;
}

describe.each(ENGINES)("announcement and FAQ setup on %s", (engine) => {
  let admin: TestClient;
  let mod: TestClient;
  let dev: TestClient;
  let member: TestClient;
  let anonymous: TestClient;
  /** A mod whose list lacks every announcement and FAQ permission. */
  let stripped: TestClient;
  /** A mod with announcement:view only. */
  let viewer: TestClient;

  const count = async (table: "announcements" | "employee_announcements" | "faqs") =>
    Number(
      (
        await server.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const server = useTestServer(engine);
  beforeAll(async () => {
    const s = server.store;
    const session = async (user: Parameters<typeof openSession>[2]) => openSession(server, server.client(), user);
    admin = await session(await buildStaff(s, { rank: "admin" }));
    mod = await session(await buildStaff(s, { rank: "mod" }));
    dev = await session(await buildStaff(s, { rank: "dev" }));
    member = await session(await buildMember(s));
    anonymous = server.client();
    stripped = await session(await buildStaff(s, { rank: "mod", permissions: ["setup:view", "members:view"] }));
    viewer = await session(await buildStaff(s, { rank: "mod", permissions: ["announcement:view"] }));
  });

  describe("player announcements", () => {
    it("are created from a form, start active, and every change answers the whole list", async () => {
      const start = now() - DAY;
      const res = await mod.post<Rows>(
        "/api/setup/submit-new-announcement",
        form(playerFields({ title: "Created", value: 7, startDate: start, endDate: "" })),
      );
      expect(res.status).toBe(200);
      const created = res.body.announcements.find((a) => a.title === "Created");
      expect(created).toEqual({
        id: expect.any(Number),
        title: "Created",
        message: "Bu gece bakım var.",
        engTitle: "Maintenance",
        engMessage: "Maintenance tonight.",
        value: 7,
        startDate: start,
        endDate: "",
        active: true,
        read: false,
      });

      const edited = await mod.post<Rows>(
        "/api/setup/edit-announcement",
        form(playerFields({ id: created!.id, title: "  Edited  ", endDate: start + 2 * DAY })),
      );
      expect(edited.status).toBe(200);
      expect(edited.body.announcements.find((a) => a.id === created!.id)).toMatchObject({
        title: "Edited",
        endDate: start + 2 * DAY,
      });

      const off = await mod.post<Rows>("/api/setup/change-active-announcement", { id: created!.id, active: "false" });
      expect(off.body.announcements.find((a) => a.id === created!.id)?.active).toBe(false);
      const on = await mod.post<Rows>("/api/setup/change-active-announcement", form({ id: created!.id, active: 1 }));
      expect(on.body.announcements.find((a) => a.id === created!.id)?.active).toBe(true);

      const gone = await admin.post<Rows>("/api/setup/delete-announcement", form({ id: created!.id }));
      expect(gone.status).toBe(200);
      expect(gone.body.announcements.some((a) => a.id === created!.id)).toBe(false);
      const again = await admin.post("/api/setup/delete-announcement", { id: created!.id });
      expect(again.status).toBe(404);
      const stale = await admin.post("/api/setup/edit-announcement", form(playerFields({ id: created!.id })));
      expect(stale.status).toBe(404);
      expect(
        (await admin.post("/api/setup/change-active-announcement", { id: created!.id, active: true })).status,
      ).toBe(404);
    });

    it("refuses what the form refuses, with the reason, and stores nothing", async () => {
      const before = await count("announcements");
      const cases: [Record<string, string | number>, string, string][] = [
        [{ title: "   " }, "title", CONTENT_MESSAGES.required],
        [{ engTitle: "" }, "engTitle", CONTENT_MESSAGES.required],
        [{ engMessage: "" }, "engMessage", CONTENT_MESSAGES.required],
        [{ message: "x".repeat(301) }, "message", CONTENT_MESSAGES.tooLong],
        [{ engMessage: "x".repeat(301) }, "engMessage", CONTENT_MESSAGES.tooLong],
        [{ title: "x".repeat(101) }, "title", CONTENT_MESSAGES.tooLong],
        [{ startDate: "" }, "startDate", CONTENT_MESSAGES.startDate],
        [{ startDate: "tomorrow" }, "startDate", CONTENT_MESSAGES.startDate],
        [{ startDate: -5 }, "startDate", CONTENT_MESSAGES.startDate],
        [{ endDate: 1.5 }, "endDate", CONTENT_MESSAGES.endDate],
        [{ value: "" }, "value", CONTENT_MESSAGES.value],
        [{ value: "2.5" }, "value", CONTENT_MESSAGES.value],
        [{ value: 5_000_000 }, "value", CONTENT_MESSAGES.value],
        [{ startDate: 2_000_000_000, endDate: 1_999_999_999 }, "endDate", CONTENT_MESSAGES.endBeforeStart],
      ];
      for (const [overrides, field, message] of cases) {
        const res = await mod.post("/api/setup/submit-new-announcement", form(playerFields(overrides)));
        expect(res.status, JSON.stringify(overrides)).toBe(422);
        const issue = (res.body as { detail: { loc: string[]; msg: string }[] }).detail[0]!;
        expect(issue.loc.at(-1)).toBe(field);
        expect(issue.msg).toBe(message);
      }
      // The end must be sent: an empty value is "Indefinite", a missing one is a mistake.
      const { endDate: _endDate, ...withoutEnd } = playerFields();
      expect((await mod.post("/api/setup/submit-new-announcement", form(withoutEnd))).status).toBe(422);
      expect(await count("announcements")).toBe(before);
      // An end equal to the start is allowed (a one-day announcement: the form sends the day's
      // first and last second, an API client may send the same second).
      const start = now() - DAY;
      const sameDay = await mod.post(
        "/api/setup/submit-new-announcement",
        form(playerFields({ startDate: start, endDate: start })),
      );
      expect(sameDay.status).toBe(200);
    });

    it("are changed only by staff with the permission; the others change nothing", async () => {
      const { body } = await admin.post<Rows>("/api/setup/submit-new-announcement", playerFields({ title: "Guarded" }));
      const target = body.announcements.find((a) => a.title === "Guarded")!;
      const calls: [string, Record<string, unknown>][] = [
        ["/api/setup/submit-new-announcement", playerFields()],
        ["/api/setup/edit-announcement", { id: target.id, ...playerFields({ title: "Hijacked" }) }],
        ["/api/setup/change-active-announcement", { id: target.id, active: false }],
        ["/api/setup/delete-announcement", { id: target.id }],
      ];
      const before = await count("announcements");
      for (const [path, payload] of calls) {
        expect((await anonymous.post(path, payload)).status, path).toBe(401);
        for (const client of [member, dev, stripped, viewer])
          expect((await client.post(path, payload)).status).toBe(403);
      }
      expect(await count("announcements")).toBe(before);
      const row = await server.store.db
        .selectFrom("announcements")
        .selectAll()
        .where("id", "=", target.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ title: "Guarded", active: 1 });

      // Reading the setup list needs announcement:view, which the dev rank and the viewer hold.
      for (const client of [dev, viewer]) {
        expect((await client.post("/api/setup/fetch-announcements", { hasPermission: true })).status).toBe(200);
      }
      expect((await stripped.post("/api/setup/fetch-announcements", { hasPermission: true })).status).toBe(403);
      expect((await member.post("/api/setup/fetch-announcements", { hasPermission: true })).status).toBe(403);
      expect((await anonymous.post("/api/setup/fetch-announcements", {})).status).toBe(401);
    });

    it("reach players only while active and inside their window; the setup list holds every row", async () => {
      const t = now();
      const titles = ["Live", "Endless", "Ended", "Upcoming", "Switched off"];
      const rows = [
        { title: "Live", startDate: t - DAY, endDate: t + DAY },
        { title: "Endless", startDate: t - DAY, endDate: "" },
        { title: "Ended", startDate: t - 3 * DAY, endDate: t - DAY },
        { title: "Upcoming", startDate: t + DAY, endDate: t + 2 * DAY },
        { title: "Switched off", startDate: t - DAY, endDate: "" },
      ];
      let list: Row[] = [];
      for (const row of rows) {
        list = (await mod.post<Rows>("/api/setup/submit-new-announcement", form(playerFields(row)))).body.announcements;
      }
      const off = list.find((a) => a.title === "Switched off")!;
      await mod.post("/api/setup/change-active-announcement", { id: off.id, active: false });

      const seen = async (client: TestClient) =>
        (await client.get<Rows>("/api/announcements/fetch-active-announcements")).body.announcements
          .map((a) => a.title)
          .filter((title) => titles.includes(title));
      expect(await seen(member)).toEqual(["Live", "Endless"]);
      expect(await seen(anonymous)).toEqual(["Live", "Endless"]);

      const setup = await dev.post<Rows>("/api/setup/fetch-announcements", form({ hasPermission: "true" }));
      expect(setup.body.announcements.map((a) => a.title).filter((title) => titles.includes(title))).toEqual(titles);
      const live = await dev.post<Rows>("/api/setup/fetch-announcements", form({ hasPermission: "false" }));
      expect(live.body.announcements.map((a) => a.title).filter((title) => titles.includes(title))).toEqual([
        "Live",
        "Endless",
      ]);
    });

    it("carry the Turkish and the English text, so each reader gets their language", async () => {
      await mod.post(
        "/api/setup/submit-new-announcement",
        playerFields({
          title: "Yeni sunucu",
          message: "Asya açıldı",
          engTitle: "New server",
          engMessage: "Asia is open",
        }),
      );
      const list = (await member.get<Rows>("/api/announcements/fetch-active-announcements")).body.announcements;
      expect(list.find((a) => a.title === "Yeni sunucu")).toMatchObject({
        message: "Asya açıldı",
        engTitle: "New server",
        engMessage: "Asia is open",
      });
    });
  });

  describe("employee announcements", () => {
    it("are written like player ones, without English fields", async () => {
      const created = await mod.post<Rows>(
        "/api/setup/submit-new-employee-announcement",
        form({ title: "Briefing", message: "Monday 10:00", value: 2, startDate: now() - DAY, endDate: "" }),
      );
      expect(created.status).toBe(200);
      const row = created.body.announcements.find((a) => a.title === "Briefing")!;
      expect(row).toEqual({
        id: expect.any(Number),
        title: "Briefing",
        message: "Monday 10:00",
        value: 2,
        startDate: expect.any(Number),
        endDate: "",
        active: true,
      });
      const edited = await mod.post<Rows>("/api/setup/edit-employee-announcement", {
        id: row.id,
        title: "Briefing moved",
        message: "Tuesday 10:00",
        value: 2,
        startDate: row.startDate,
        endDate: row.startDate + DAY,
      });
      expect(edited.body.announcements.find((a) => a.id === row.id)).toMatchObject({
        title: "Briefing moved",
        endDate: row.startDate + DAY,
      });
      const off = await mod.post<Rows>("/api/setup/change-active-employee-announcement", { id: row.id, active: "0" });
      expect(off.body.announcements.find((a) => a.id === row.id)?.active).toBe(false);
      const live = await dev.post<Rows>("/api/setup/fetch-employee-announcements", {});
      expect(live.body.announcements.some((a) => a.id === row.id)).toBe(false);
      const all = await dev.post<Rows>("/api/setup/fetch-employee-announcements", { hasPermission: true });
      expect(all.body.announcements.some((a) => a.id === row.id)).toBe(true);

      const refused = await mod.post("/api/setup/submit-new-employee-announcement", {
        title: "",
        message: "m",
        value: 0,
        startDate: now(),
        endDate: "",
      });
      expect(refused.status).toBe(422);
      expect((await dev.post("/api/setup/delete-employee-announcement", { id: row.id })).status).toBe(403);
      expect((await member.post("/api/setup/fetch-employee-announcements", {})).status).toBe(403);
      expect((await mod.post("/api/setup/delete-employee-announcement", { id: row.id })).status).toBe(200);
      expect((await mod.post("/api/setup/delete-employee-announcement", { id: row.id })).status).toBe(404);
    });

    it("keep each employee's read records; a delete takes its records along", async () => {
      const { body } = await admin.post<Rows>("/api/setup/submit-new-employee-announcement", {
        title: "Read me",
        message: "Please",
        value: 0,
        startDate: now(),
        endDate: "",
      });
      const id = body.announcements.find((a) => a.title === "Read me")!.id;
      const reads = async (client: TestClient) =>
        (
          await client.get<{ reads: { announcement_id: number; user_id: number }[] }>(
            "/api/setup/fetch-employee-announcement-reads",
          )
        ).body.reads.map((r) => r.announcement_id);
      expect(await reads(dev)).not.toContain(id);

      // Twice at once: one record, no error.
      const marks = await Promise.all([
        dev.post("/api/setup/mark-employee-announcement-read", form({ id })),
        dev.post("/api/setup/mark-employee-announcement-read", form({ id })),
      ]);
      expect(marks.map((m) => m.status)).toEqual([200, 200]);
      expect(await reads(dev)).toContain(id);
      expect(await reads(mod)).not.toContain(id);
      const record = (marks[0]!.body as { reads: { announcement_id: number; user_id: number }[] }).reads.find(
        (r) => r.announcement_id === id,
      );
      expect(record?.user_id).toEqual(expect.any(Number));

      expect((await dev.post("/api/setup/mark-employee-announcement-read", { id: 2_000_000_000 })).status).toBe(404);
      expect((await member.post("/api/setup/mark-employee-announcement-read", { id })).status).toBe(403);
      expect((await member.get("/api/setup/fetch-employee-announcement-reads")).status).toBe(403);
      expect((await anonymous.get("/api/setup/fetch-employee-announcement-reads")).status).toBe(401);

      await admin.post("/api/setup/delete-employee-announcement", { id });
      expect(await reads(dev)).not.toContain(id);
    });

    it("answer a delete racing edits, toggles and reads with 200 or 404, never an error", async () => {
      const { body } = await admin.post<Rows>("/api/setup/submit-new-employee-announcement", {
        title: "Racing",
        message: "m",
        value: 0,
        startDate: now(),
        endDate: "",
      });
      const id = body.announcements.find((a) => a.title === "Racing")!.id;
      const results = await Promise.all([
        admin.post("/api/setup/delete-employee-announcement", { id }),
        mod.post("/api/setup/edit-employee-announcement", {
          id,
          title: "Raced",
          message: "m",
          value: 0,
          startDate: now(),
          endDate: "",
        }),
        mod.post("/api/setup/change-active-employee-announcement", { id, active: false }),
        dev.post("/api/setup/mark-employee-announcement-read", { id }),
        mod.post("/api/setup/mark-employee-announcement-read", { id }),
      ]);
      for (const result of results) expect([200, 404]).toContain(result.status);
      expect(results[0]!.status).toBe(200);
      const left = await server.store.db
        .selectFrom("employee_announcement_reads")
        .select("user_id")
        .where("announcement_id", "=", id)
        .execute();
      expect(left).toEqual([]);
    });
  });

  describe("FAQs", () => {
    interface Faqs {
      faqs: { id: number; title: string; message: string; engTitle: string; engMessage: string; value: number }[];
    }
    const fields = {
      title: "Şifremi unuttum",
      message: "Oyun sitesinden",
      engTitle: "Lost password",
      engMessage: "Use the game site",
      value: 0,
    };

    it("are added, edited and deleted, and the public list follows", async () => {
      const added = await mod.post<Faqs>("/api/setup/submit-new-faq", form(fields));
      expect(added.status).toBe(200);
      const faq = added.body.faqs.find((f) => f.engTitle === "Lost password")!;
      expect(faq).toEqual({ id: expect.any(Number), ...fields });
      const publicList = async () => (await anonymous.get<Faqs>("/api/setup/fetch-faqs")).body.faqs;
      expect((await publicList()).some((f) => f.id === faq.id)).toBe(true);

      const edited = await mod.post<Faqs>("/api/setup/edit-faq", form({ ...fields, id: faq.id, value: -3 }));
      expect(edited.body.faqs.find((f) => f.id === faq.id)?.value).toBe(-3);
      expect(edited.body.faqs[0]!.id).toBe(faq.id);

      const deleted = await admin.post<Faqs>("/api/setup/delete-faq", form({ id: faq.id }));
      expect(deleted.body.faqs.some((f) => f.id === faq.id)).toBe(false);
      expect((await publicList()).some((f) => f.id === faq.id)).toBe(false);
      expect((await admin.post("/api/setup/delete-faq", { id: faq.id })).status).toBe(404);
      expect((await admin.post("/api/setup/edit-faq", { ...fields, id: faq.id })).status).toBe(404);
    });

    it("refuse empty texts and a missing value, and anyone without faq:create / faq:edit", async () => {
      const before = await count("faqs");
      for (const field of ["title", "message", "engTitle", "engMessage"] as const) {
        const res = await mod.post("/api/setup/submit-new-faq", form({ ...fields, [field]: " " }));
        expect(res.status).toBe(422);
        expect(firstMsg(res.body)).toBe(CONTENT_MESSAGES.required);
      }
      expect((await mod.post("/api/setup/submit-new-faq", form({ ...fields, value: "" }))).status).toBe(422);
      expect((await mod.post("/api/setup/submit-new-faq", form({ ...fields, message: "x".repeat(2001) }))).status).toBe(
        422,
      );
      const { body } = await admin.post<Faqs>("/api/setup/submit-new-faq", { ...fields, title: "Kept" });
      const kept = body.faqs.find((f) => f.title === "Kept")!;
      for (const client of [member, dev, stripped, viewer]) {
        expect((await client.post("/api/setup/submit-new-faq", fields)).status).toBe(403);
        expect((await client.post("/api/setup/edit-faq", { ...fields, id: kept.id })).status).toBe(403);
        expect((await client.post("/api/setup/delete-faq", { id: kept.id })).status).toBe(403);
      }
      expect((await anonymous.post("/api/setup/submit-new-faq", fields)).status).toBe(401);
      expect(await count("faqs")).toBe(before + 1);
      const row = await server.store.db.selectFrom("faqs").selectAll().where("id", "=", kept.id).executeTakeFirst();
      expect(row?.title).toBe("Kept");
    });
  });
});
