/**
 * A setup list as the server holds it (spec/3-staff-administration.md §2.4): loaded once, then replaced by the list that
 * each write answers. A failed load is only logged (spec/3-staff-administration.md §8: the page shows an empty list); a
 * failed write opens the shared error dialog and leaves the list as it was.
 */
import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect } from "react";
import { showError } from "../../ui/errorDialogStore.ts";

export interface SetupList<T> {
  data: T | undefined;
  isPending: boolean;
  /** Runs a write that answers the fresh list; true when it succeeded. */
  apply(write: () => Promise<T>): Promise<boolean>;
}

export function useSetupList<T>(options: {
  key: QueryKey;
  load: () => Promise<T>;
  /** Other caches showing this list, read again after a write. */
  alsoShownIn?: readonly QueryKey[];
  enabled?: boolean;
}): SetupList<T> {
  const { key, load, alsoShownIn = [], enabled = true } = options;
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: load, enabled, retry: false });
  useEffect(() => {
    if (query.error) console.error(`Failed to load ${key.join("/")}`, query.error);
  }, [query.error, key]);

  const apply = useCallback(
    async (write: () => Promise<T>) => {
      try {
        queryClient.setQueryData(key, await write());
        for (const other of alsoShownIn) void queryClient.invalidateQueries({ queryKey: other });
        return true;
      } catch (error) {
        showError(error);
        return false;
      }
    },
    [queryClient, key, alsoShownIn],
  );
  return { data: query.data, isPending: query.isPending && enabled, apply };
}
