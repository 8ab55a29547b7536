/**
 * The ticket list's state (spec/2-staff-ticket-work.md §2: search parameters, page and per-page are kept per user; the
 * sort key and direction too), remembered per user through useRememberedList, and the view the
 * list shows (docs/decisions/views.md).
 */
import { useCallback, useEffect, useMemo, useState } from "react";
import { DEFAULT_PAGE_SIZE } from "../../../../common/constants.ts";
import { TICKET_SORT_FIELDS, type TicketSortField } from "../../../../common/schemas/ticketSearch.ts";
import {
  clearedParams,
  defaultParams,
  LIST_STORAGE_KEYS,
  type ListView,
  parseParams,
  parseView,
  type SearchParams,
  VIEW_STORAGE_KEY,
} from "./listState.ts";
import { type RememberedList, readStored, useRememberedList, writeStored } from "./rememberedList.ts";

export interface ListControls extends RememberedList<SearchParams, TicketSortField> {
  resetToDefault(): void;
  clear(): void;
  /** The view shown, remembered per user like the rest of the list's state. */
  view: ListView;
  /** Shows a view (or the search) from its first page. */
  chooseView(view: ListView): void;
}

export function useListState(userId: number): ListControls {
  const keys = useMemo(() => LIST_STORAGE_KEYS(userId), [userId]);
  const list = useRememberedList<SearchParams, TicketSortField>({
    keys,
    parse: (saved) => parseParams(saved, userId),
    initial: () => defaultParams(userId),
    defaultPageSize: DEFAULT_PAGE_SIZE.staffTickets,
    sortFields: TICKET_SORT_FIELDS,
  });
  const { search, setPage } = list;
  const resetToDefault = useCallback(() => search(defaultParams(userId)), [search, userId]);
  const clear = useCallback(() => search(clearedParams()), [search]);
  const viewKey = VIEW_STORAGE_KEY(userId);
  const [view, setView] = useState(() => parseView(readStored(viewKey)));
  useEffect(() => writeStored(viewKey, view), [viewKey, view]);
  const chooseView = useCallback(
    (next: ListView) => {
      setView(next);
      setPage(1);
    },
    [setPage],
  );
  return { ...list, resetToDefault, clear, view, chooseView };
}
