/**
 * Which row of a setup list is in edit (spec/3-staff-administration.md §2.4: only one at a time). While one row is in
 * edit, the other rows' edit buttons and the add button wait; "new" is the add form's row.
 */
import { useCallback, useMemo, useState } from "react";

export type RowKey = number | string;
export const NEW_ROW = "new";

export interface RowEdit {
  editing: RowKey | null;
  /** A row is in edit: start() of any other row does nothing, and its buttons are disabled. */
  busy: boolean;
  isEditing(key: RowKey): boolean;
  start(key: RowKey): void;
  stop(): void;
}

export function useRowEdit(): RowEdit {
  const [editing, setEditing] = useState<RowKey | null>(null);
  const start = useCallback((key: RowKey) => setEditing((current) => current ?? key), []);
  const stop = useCallback(() => setEditing(null), []);
  return useMemo(
    () => ({ editing, busy: editing !== null, isEditing: (key: RowKey) => editing === key, start, stop }),
    [editing, start, stop],
  );
}
