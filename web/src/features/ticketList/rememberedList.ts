/**
 * A searchable, paged, sortable list whose state is remembered per user in localStorage (the
 * staff ticket list of spec/2-staff-ticket-work.md §2, the player lists of spec/3-staff-administration.md §2.3): the applied search and the
 * page under one key, the page size and the sort under their own, so that a new search leaves the
 * page size and the sort alone. A saved entry is read through the list's own parser: a stale or
 * hand-edited one falls back to the defaults.
 */
import { useCallback, useEffect, useState } from "react";
import { PAGE_SIZE_OPTIONS } from "../../../../common/constants.ts";

/** 1 Contains, 2 Exact (spec/2-staff-ticket-work.md §5, spec/3-staff-administration.md §2.3). */
export type SearchMode = 1 | 2;

export interface TextFilter {
  value: string;
  mode: SearchMode;
}

export const emptyText = (): TextFilter => ({ value: "", mode: 1 });

export interface ListSort<K extends string> {
  key: K | null;
  order: "asc" | "desc";
}

export interface RememberedState<P> {
  params: P;
  page: number;
}

/** Clicking a column header: ascending, then descending, then none (spec/2-staff-ticket-work.md §2). */
export function nextSort<K extends string>(current: ListSort<K>, key: K): ListSort<K> {
  if (current.key !== key) return { key, order: "asc" };
  if (current.order === "asc") return { key, order: "desc" };
  return { key: null, order: "desc" };
}

export interface ListStorageKeys {
  state: string;
  pageSize: string;
  sort: string;
}

export function readStored(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function writeStored(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // A full or disabled storage only loses the remembered state.
  }
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

export const idOrNull = (value: unknown, min = 1): number | null =>
  typeof value === "number" && Number.isSafeInteger(value) && value >= min ? value : null;

/** A saved text box with its mode. */
export function parseTextFilter(value: unknown): TextFilter {
  if (!isObject(value)) return emptyText();
  return {
    value: typeof value.value === "string" ? value.value.slice(0, 200) : "",
    mode: value.mode === 2 ? 2 : 1,
  };
}

/** The trimmed text of a box, or nothing when it is empty. */
export const textValue = (filter: TextFilter): string | undefined => filter.value.trim() || undefined;

export function loadState<P>(key: string, parse: (saved: unknown) => P, initial: () => P): RememberedState<P> {
  const saved = readStored(key);
  if (!isObject(saved)) return { params: initial(), page: 1 };
  return { params: parse(saved.params), page: idOrNull(saved.page) ?? 1 };
}

export function loadPageSize(key: string, fallback: number): number {
  const saved = readStored(key);
  return (PAGE_SIZE_OPTIONS as readonly unknown[]).includes(saved) ? (saved as number) : fallback;
}

export function loadSort<K extends string>(key: string, fields: readonly K[]): ListSort<K> {
  const saved = readStored(key);
  if (!isObject(saved)) return { key: null, order: "desc" };
  const field = (fields as readonly unknown[]).includes(saved.key) ? (saved.key as K) : null;
  return { key: field, order: saved.order === "asc" && field ? "asc" : "desc" };
}

export interface RememberedListOptions<P, K extends string> {
  keys: ListStorageKeys;
  /** Reads a saved search field by field. */
  parse(saved: unknown): P;
  /** The search when nothing is saved. */
  initial(): P;
  defaultPageSize: number;
  sortFields: readonly K[];
}

export interface RememberedList<P, K extends string> {
  state: RememberedState<P>;
  pageSize: number;
  sort: ListSort<K>;
  /** Applies a search, from page 1. */
  search(params: P): void;
  setPage(page: number): void;
  setPageSize(size: number): void;
  toggleSort(key: K): void;
}

/** The list's state as React state, written back to localStorage on every change. */
export function useRememberedList<P, K extends string>(options: RememberedListOptions<P, K>): RememberedList<P, K> {
  const { keys } = options;
  const [state, setState] = useState(() => loadState(keys.state, options.parse, options.initial));
  const [pageSize, setPageSizeState] = useState(() => loadPageSize(keys.pageSize, options.defaultPageSize));
  const [sort, setSort] = useState(() => loadSort(keys.sort, options.sortFields));

  useEffect(() => writeStored(keys.state, state), [keys.state, state]);
  useEffect(() => writeStored(keys.pageSize, pageSize), [keys.pageSize, pageSize]);
  useEffect(() => writeStored(keys.sort, sort), [keys.sort, sort]);

  const search = useCallback((params: P) => setState({ params, page: 1 }), []);
  const setPage = useCallback((page: number) => setState((current) => ({ ...current, page })), []);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setState((current) => ({ ...current, page: 1 }));
  }, []);
  const toggleSort = useCallback((key: K) => {
    setSort((current) => nextSort(current, key));
    setState((current) => ({ ...current, page: 1 }));
  }, []);

  return { state, pageSize, sort, search, setPage, setPageSize, toggleSort };
}
