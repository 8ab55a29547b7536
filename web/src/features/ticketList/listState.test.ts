/** The list's pure rules: the three-state sort, the wire body, what a saved state may hold, live pings. */
import { describe, expect, it } from "vitest";
import type { ListTicket } from "./api.ts";
import {
  clearedParams,
  DEFAULT_SORT,
  defaultParams,
  hasAdvancedFilters,
  nextSort,
  parseParams,
  parseView,
  toSearchBody,
  viewBody,
} from "./listState.ts";
import { relativeParts } from "./relativeTime.ts";
import { applyPing } from "./useTicketPings.ts";

describe("sorting", () => {
  it("goes ascending, then descending, then none; another column starts ascending", () => {
    const first = nextSort(DEFAULT_SORT, "lastUpdated");
    expect(first).toEqual({ key: "lastUpdated", order: "asc" });
    const second = nextSort(first, "lastUpdated");
    expect(second).toEqual({ key: "lastUpdated", order: "desc" });
    expect(nextSort(second, "lastUpdated")).toEqual({ key: null, order: "desc" });
    expect(nextSort(second, "status")).toEqual({ key: "status", order: "asc" });
  });
});

describe("the search body", () => {
  it("Default asks for the caller's tickets, Clear for everyone's", () => {
    expect(toSearchBody(defaultParams(7), 1, 10, DEFAULT_SORT)).toMatchObject({ employee: 7, order: "desc" });
    const cleared = toSearchBody(clearedParams(), 3, 25, DEFAULT_SORT);
    expect(cleared.employee).toBeUndefined();
    expect(cleared).toMatchObject({ page: 3, entries_per_page: 25, sort_by: undefined });
  });

  it("sends each text filter with its mode, trimmed, and the advanced fields only when set", () => {
    const params = { ...clearedParams(), email: { value: " ayse@ ", mode: 2 as const } };
    const body = toSearchBody(params, 1, 10, { key: "status", order: "asc" });
    expect(body).toMatchObject({ email: "ayse@", email_mode: 2, name: undefined, sort_by: "status", order: "asc" });
    expect("subject" in body).toBe(false);
    expect(hasAdvancedFilters(params)).toBe(false);
    const advanced = toSearchBody({ ...params, createdAt: 604_800 }, 1, 10, DEFAULT_SORT);
    expect(advanced).toMatchObject({ createdAt: 604_800, lastUpdated: -1, subject: undefined });
  });
});

describe("a saved state", () => {
  it("keeps what is valid and drops the rest", () => {
    const parsed = parseParams(
      {
        email: { value: "x@y", mode: 2 },
        name: { value: 5, mode: 9 },
        status: "ACTIVE",
        server: -4,
        employee: 0,
        createdAt: 123,
        lastUpdated: 86_400,
      },
      3,
    );
    expect(parsed.email).toEqual({ value: "x@y", mode: 2 });
    expect(parsed.name).toEqual({ value: "", mode: 1 });
    expect(parsed).toMatchObject({ status: "ACTIVE", server: null, employee: 0, createdAt: -1, lastUpdated: 86_400 });
    expect(parseParams("garbage", 3)).toEqual(defaultParams(3));
  });
});

describe("relative time (spec/2-staff-ticket-work.md §9)", () => {
  it("says now under 10 seconds, then seconds, minutes, hours, days under 30, months under 12, years", () => {
    const now = 1_800_000_000;
    expect(relativeParts(now - 9, now)).toBe("now");
    expect(relativeParts(now - 45, now)).toEqual({ value: -45, unit: "second" });
    expect(relativeParts(now - 150, now)).toEqual({ value: -2, unit: "minute" });
    expect(relativeParts(now - 5 * 3600, now)).toEqual({ value: -5, unit: "hour" });
    expect(relativeParts(now - 29 * 86_400, now)).toEqual({ value: -29, unit: "day" });
    expect(relativeParts(now - 40 * 86_400, now)).toEqual({ value: -1, unit: "month" });
    expect(relativeParts(now - 800 * 86_400, now)).toEqual({ value: -2, unit: "year" });
  });
});

describe("a live ping", () => {
  const ticket = {
    id: 4,
    status: "NEW TICKET",
    category: 1,
    priority: 2,
    assignedTo: 9,
    banned: false,
    lastUpdated: 100,
  } as ListTicket;

  it("updates what it carries, keeps what is null, clears an empty assignee", () => {
    const next = applyPing(ticket, {
      ticket_id: 4,
      lastUpdated: 200,
      category: null,
      status: "REPLIED",
      priority: 3,
      banned: null,
      assignedTo: null,
    });
    expect(next).toMatchObject({ lastUpdated: 200, category: 1, status: "REPLIED", priority: 3, assignedTo: null });
    expect(applyPing(ticket, { ticket_id: 5, lastUpdated: 300, category: 2, status: null })).toBe(ticket);
  });
});

describe("the views", () => {
  it("opens on Mine, keeps a saved view and drops anything else", () => {
    expect(parseView(undefined)).toBe("mine");
    expect(parseView("waiting_on_me")).toBe("waiting_on_me");
    expect(parseView("search")).toBe("search");
    expect(parseView("everything")).toBe("mine");
  });

  it("asks for a view by its name, with the list's paging and sort and no filter of its own", () => {
    expect(viewBody("unassigned", 2, 25, { key: "status", order: "asc" })).toEqual({
      view: "unassigned",
      page: 2,
      entries_per_page: 25,
      sort_by: "status",
      order: "asc",
    });
  });
});
