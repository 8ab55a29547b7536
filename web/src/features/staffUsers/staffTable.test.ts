import { describe, expect, it } from "vitest";
import type { Employee } from "./api.ts";
import { avatarSource, chips, DEFAULT_STAFF_SORT, pageOf, sortEmployees, toggleSort } from "./staffTable.ts";

function person(id: number, overrides: Partial<Employee> = {}): Employee {
  return {
    id,
    name: `user${id}`,
    email: `user${id}@staff.test`,
    avatar: "",
    class: "dev",
    rank: "dev",
    categories: [],
    servers: [],
    disabled: false,
    disabled_until: 0,
    created: 1,
    updated: 100 - id,
    abilities: {
      permissions: false,
      ranks: [],
      responsibilities: false,
      disable: false,
      enable: false,
      disperse: false,
      password: false,
      delete: false,
    },
    ...overrides,
  };
}

describe("staff table", () => {
  const list = [
    person(1, { rank: "mod", name: "Bob" }),
    person(2, { rank: "admin", name: "alice", disabled: true, disabled_until: -1 }),
    person(3, { name: "Carol", disabled: true, disabled_until: 500 }),
  ];

  it("sorts by last change, oldest first, by default", () => {
    expect(sortEmployees(list, DEFAULT_STAFF_SORT).map((e) => e.id)).toEqual([3, 2, 1]);
  });

  it("sorts names without regard to case, ranks by seniority, disables by end with indefinite last", () => {
    expect(sortEmployees(list, { key: "name", order: "asc" }).map((e) => e.name)).toEqual(["alice", "Bob", "Carol"]);
    expect(sortEmployees(list, { key: "rank", order: "asc" }).map((e) => e.rank)).toEqual(["admin", "mod", "dev"]);
    expect(sortEmployees(list, { key: "disabled_until", order: "asc" }).map((e) => e.id)).toEqual([1, 3, 2]);
    expect(sortEmployees(list, { key: "tickets", order: "desc" }, { 1: 2, 3: 7 }).map((e) => e.id)).toEqual([3, 1, 2]);
  });

  it("toggles a column's order and starts a new column ascending", () => {
    expect(toggleSort(DEFAULT_STAFF_SORT, "updated")).toEqual({ key: "updated", order: "desc" });
    expect(toggleSort({ key: "updated", order: "desc" }, "name")).toEqual({ key: "name", order: "asc" });
  });

  it("pages and keeps the page within range", () => {
    const many = Array.from({ length: 27 }, (_, i) => i);
    expect(pageOf(many, 2, 25)).toEqual({ rows: [25, 26], pages: 2, page: 2 });
    expect(pageOf(many, 9, 10).page).toBe(3);
    expect(pageOf([], 1, 10)).toEqual({ rows: [], pages: 1, page: 1 });
  });

  it("shows four chips and counts the rest; short avatars are no picture", () => {
    expect(chips([1, 2, 3, 4, 5, 6])).toEqual({ shown: [1, 2, 3, 4], more: 2 });
    expect(chips([1])).toEqual({ shown: [1], more: 0 });
    expect(avatarSource("abc")).toBeNull();
    expect(avatarSource("/download/a.png")).toBe("/download/a.png");
  });
});
