/**
 * A table header that sorts by its column: the arrow shows the order, aria-sort says it to readers.
 * The button fills the cell, so a click anywhere in the header sorts.
 */
import { Table, UnstyledButton } from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { ReactNode } from "react";

export function SortHeader<K extends string>({
  field,
  sort,
  onSort,
  children,
}: {
  field: K;
  /** The table's current sort; key null: unsorted. */
  sort: { key: string | null; order: "asc" | "desc" };
  onSort(key: K): void;
  children: ReactNode;
}) {
  const order = sort.key === field ? sort.order : null;
  const Icon = order === "asc" ? IconSortAscending : order === "desc" ? IconSortDescending : IconArrowsSort;
  return (
    <Table.Th
      aria-sort={order === "asc" ? "ascending" : order === "desc" ? "descending" : "none"}
      data-testid={`sort-${field}`}
      data-sort={order ?? "none"}
      style={{ whiteSpace: "nowrap" }}
    >
      <UnstyledButton
        onClick={() => onSort(field)}
        style={{ display: "flex", width: "100%", alignItems: "center", gap: 4, fontWeight: 700, fontSize: "inherit" }}
      >
        {children}
        <Icon size={14} stroke={1.6} opacity={order ? 1 : 0.45} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
