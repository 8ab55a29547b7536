/**
 * Only one row of a setup list in edit at a time (spec/3-staff-administration.md §2.4): the key of the open row (or
 * 'new' for the add form), opening another is refused while one is open, and a draft per open
 * row. Small and generic, so any setup list can hold its rows with it.
 */
import { useCallback, useState } from "react";

export type RowKey = number | "new";

export interface RowEditor<D> {
  /** The open row, or null. */
  open: RowKey | null;
  draft: D | null;
  /** The draft as the row was opened with (null for the add form). */
  original: D | null;
  /** Opens a row with its draft unless another row is open; answers whether it opened. */
  start(key: RowKey, draft: D): boolean;
  update(change: Partial<D> | ((draft: D) => D)): void;
  close(): void;
}

interface State<D> {
  open: RowKey | null;
  draft: D | null;
  original: D | null;
}

export function useRowEditor<D>(): RowEditor<D> {
  const [state, setState] = useState<State<D>>({ open: null, draft: null, original: null });

  const start = useCallback(
    (key: RowKey, draft: D) => {
      if (state.open !== null) return false;
      setState({ open: key, draft, original: key === "new" ? null : draft });
      return true;
    },
    [state.open],
  );
  const update = useCallback((change: Partial<D> | ((draft: D) => D)) => {
    setState((current) => {
      if (current.draft === null) return current;
      const draft = typeof change === "function" ? change(current.draft) : { ...current.draft, ...change };
      return { ...current, draft };
    });
  }, []);
  const close = useCallback(() => setState({ open: null, draft: null, original: null }), []);

  return { ...state, start, update, close };
}
