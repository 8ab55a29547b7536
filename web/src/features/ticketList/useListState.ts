/**
 * The ticket list's state (spec/2-staff-ticket-work.md §2: search parameters, page and per-page are kept per user; the
 * sort key and direction too), remembered per user through useRememberedList.
 */
import { useCallback, useMemo } from "react";
import { DEFAULT_PAGE_SIZE } from "../../../../common/constants.ts";
import { TICKET_SORT_FIELDS, type TicketSortField } from "../../../../common/schemas/ticketSearch.ts";
import { clearedParams, defaultParams, LIST_STORAGE_KEYS, parseParams, type SearchParams } from "./listState.ts";
import { type RememberedList, useRememberedList } from "./rememberedList.ts";

export interface ListControls extends RememberedList<SearchParams, TicketSortField> {
  resetToDefault(): void;
  clear(): void;
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
  const { search } = list;
  const resetToDefault = useCallback(() => search(defaultParams(userId)), [search, userId]);
  const clear = useCallback(() => search(clearedParams()), [search]);
  return { ...list, resetToDefault, clear };
}
