/** A sortable column header: ascending, descending, none, with the state for screen readers too. */
import { Table, UnstyledButton } from "@mantine/core";
import { IconArrowsSort, IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { ListSort } from "./rememberedList.ts";

interface SortHeaderProps<K extends string> {
  field: K;
  sort: ListSort<K>;
  onSort(key: K): void;
  children: ReactNode;
}

export function SortHeader<K extends string>({ field, sort, onSort, children }: SortHeaderProps<K>) {
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
        style={{ display: "inline-flex", alignItems: "center", gap: 4, fontWeight: 700, fontSize: "inherit" }}
      >
        {children}
        <Icon size={14} stroke={1.6} opacity={order ? 1 : 0.45} aria-hidden />
      </UnstyledButton>
    </Table.Th>
  );
}
