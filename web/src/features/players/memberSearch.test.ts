/** The player lists' pure rules: the wire body, what a saved search may hold, the badge tier. */
import { describe, expect, it } from "vitest";
import {
  badgeTier,
  clearedMemberParams,
  isUnfiltered,
  memberListKeys,
  parseMemberParams,
  toMemberSearchBody,
} from "./memberSearch.ts";

describe("the player search body", () => {
  it("sends each text box trimmed with its mode, the server, the banned filter and the sort", () => {
    const params = {
      ...clearedMemberParams(),
      name: { value: " tom ", mode: 2 as const },
      server: 4,
      banned: false,
    };
    const body = toMemberSearchBody("search", params, 2, 25, { key: "name", order: "asc" });
    expect(body).toMatchObject({
      name: "tom",
      name_mode: 2,
      email: undefined,
      character_name: undefined,
      server: 4,
      banned: false,
      page: 2,
      entries_per_page: 25,
      sort_by: "name",
      order: "asc",
    });
    const none = toMemberSearchBody("search", clearedMemberParams(), 1, 10, { key: null, order: "desc" });
    expect(none).toMatchObject({ banned: undefined, server: undefined, sort_by: undefined, order: "desc" });
  });

  it("always asks for banned players on the banned list", () => {
    const body = toMemberSearchBody("banned", { ...clearedMemberParams(), banned: false }, 1, 10, {
      key: null,
      order: "desc",
    });
    expect(body.banned).toBe(true);
  });
});

describe("a saved player search", () => {
  it("keeps what is valid and drops the rest", () => {
    const parsed = parseMemberParams({
      name: { value: "x", mode: 2 },
      email: { value: 3 },
      server: -1,
      banned: "yes",
    });
    expect(parsed).toEqual({
      ...clearedMemberParams(),
      name: { value: "x", mode: 2 },
      email: { value: "", mode: 1 },
    });
    expect(parseMemberParams({ banned: true, server: 2 })).toMatchObject({ banned: true, server: 2 });
    expect(parseMemberParams(null)).toEqual(clearedMemberParams());
  });

  it("is kept apart per list and per user", () => {
    expect(memberListKeys("search", 3).state).not.toBe(memberListKeys("banned", 3).state);
    expect(memberListKeys("search", 3).pageSize).not.toBe(memberListKeys("search", 4).pageSize);
  });
});

describe("badge tier (spec/3-staff-administration.md §2.3)", () => {
  it("is one tier per 20 tickets, rounded down", () => {
    expect([0, 19, 20, 39, 40, 101].map(badgeTier)).toEqual([0, 0, 1, 1, 2, 5]);
  });
});

describe("an unfiltered player search", () => {
  it("is the cleared search, blanks typed in a text box included; any filter makes it filtered", () => {
    expect(isUnfiltered(clearedMemberParams())).toBe(true);
    expect(isUnfiltered({ ...clearedMemberParams(), name: { value: "  ", mode: 2 } })).toBe(true);
    expect(isUnfiltered({ ...clearedMemberParams(), email: { value: "a", mode: 1 } })).toBe(false);
    expect(isUnfiltered({ ...clearedMemberParams(), server: 3 })).toBe(false);
    expect(isUnfiltered({ ...clearedMemberParams(), banned: false })).toBe(false);
  });
});
