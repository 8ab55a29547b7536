/**
 * The staff list's sorting and paging (spec/3-staff-administration.md §2.2, §9): default sort by last change, oldest
 * first; page sizes 10/25/50/100; at most four chips in a cell, the rest as "+n". The list is
 * every employee (a help desk has tens or hundreds), so it is sorted and paged here.
 */
import type { Employee } from "./api.ts";

export const STAFF_SORT_KEYS = ["id", "name", "email", "rank", "disabled_until", "tickets", "updated"] as const;
export type StaffSortKey = (typeof STAFF_SORT_KEYS)[number];
export interface StaffSort {
  key: StaffSortKey;
  order: "asc" | "desc";
}
export const DEFAULT_STAFF_SORT: StaffSort = { key: "updated", order: "asc" };
/** The spec does not state the staff table's default size; 25 is the middle of the offered ones. */
export const DEFAULT_STAFF_PAGE_SIZE = 25;
export const CHIPS_PER_CELL = 4;

const RANK_ORDER = { admin: 0, mod: 1, dev: 2, user: 3 } as const;

/** A disable's end as a sort value: enabled first, then by end, indefinite last. */
function disabledValue(e: Employee): number {
  if (!e.disabled) return 0;
  return e.disabled_until === -1 ? Number.MAX_SAFE_INTEGER : e.disabled_until;
}

function value(e: Employee, key: StaffSortKey, tickets: Record<string, number>): string | number {
  switch (key) {
    case "name":
    case "email":
      return e[key].toLocaleLowerCase();
    case "rank":
      return RANK_ORDER[e.rank];
    case "disabled_until":
      return disabledValue(e);
    case "tickets":
      return tickets[String(e.id)] ?? 0;
    default:
      return e[key];
  }
}

export function sortEmployees(list: readonly Employee[], sort: StaffSort, tickets: Record<string, number> = {}) {
  const sign = sort.order === "asc" ? 1 : -1;
  return [...list].sort((a, b) => {
    const x = value(a, sort.key, tickets);
    const y = value(b, sort.key, tickets);
    const order = typeof x === "string" ? x.localeCompare(String(y)) : x - (y as number);
    return order * sign || a.id - b.id;
  });
}

/** Clicking a header: that column ascending, or the other way round when it is already sorted by it. */
export function toggleSort(current: StaffSort, key: StaffSortKey): StaffSort {
  if (current.key !== key) return { key, order: "asc" };
  return { key, order: current.order === "asc" ? "desc" : "asc" };
}

export function pageOf<T>(items: readonly T[], page: number, size: number): { rows: T[]; pages: number; page: number } {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { rows: items.slice((current - 1) * size, current * size), pages, page: current };
}

/** The first four chips and how many more there are. */
export function chips<T>(items: readonly T[]): { shown: T[]; more: number } {
  return { shown: items.slice(0, CHIPS_PER_CELL), more: Math.max(0, items.length - CHIPS_PER_CELL) };
}

/** spec/3-staff-administration.md §2.2: an avatar value shorter than 4 characters means no picture. */
export function avatarSource(avatar: string): string | null {
  return avatar.length >= 4 ? avatar : null;
}
