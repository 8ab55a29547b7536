/**
 * The list's state as React state, written back to localStorage per user on every change (spec 2
 * §2: search parameters, page and per-page are kept per user; the sort key and direction too).
 */
import { useCallback, useEffect, useState } from "react";
import type { TicketSortField } from "../../../../common/schemas/ticketSearch.ts";
import {
  clearedParams,
  defaultParams,
  type ListState,
  loadListState,
  loadPageSize,
  loadSort,
  nextSort,
  type SearchParams,
  type Sort,
  saveListState,
  savePageSize,
  saveSort,
} from "./listState.ts";

export interface ListControls {
  state: ListState;
  pageSize: number;
  sort: Sort;
  search(params: SearchParams): void;
  resetToDefault(): void;
  clear(): void;
  setPage(page: number): void;
  setPageSize(size: number): void;
  toggleSort(key: TicketSortField): void;
}

export function useListState(userId: number): ListControls {
  const [state, setState] = useState<ListState>(() => loadListState(userId));
  const [pageSize, setPageSizeState] = useState(() => loadPageSize(userId));
  const [sort, setSort] = useState<Sort>(() => loadSort(userId));

  useEffect(() => saveListState(userId, state), [userId, state]);
  useEffect(() => savePageSize(userId, pageSize), [userId, pageSize]);
  useEffect(() => saveSort(userId, sort), [userId, sort]);

  const search = useCallback((params: SearchParams) => setState({ params, page: 1 }), []);
  const resetToDefault = useCallback(() => setState({ params: defaultParams(userId), page: 1 }), [userId]);
  const clear = useCallback(() => setState({ params: clearedParams(), page: 1 }), []);
  const setPage = useCallback((page: number) => setState((current) => ({ ...current, page })), []);
  const setPageSize = useCallback((size: number) => {
    setPageSizeState(size);
    setState((current) => ({ ...current, page: 1 }));
  }, []);
  const toggleSort = useCallback((key: TicketSortField) => {
    setSort((current) => nextSort(current, key));
    setState((current) => ({ ...current, page: 1 }));
  }, []);

  return { state, pageSize, sort, search, resetToDefault, clear, setPage, setPageSize, toggleSort };
}
