/**
 * Under a paged table or list: the page size (10/25/50/100, spec/3-staff-administration.md §9), the total, and the pages
 * (all of them up to nine, else first, last, a window and ellipses: Mantine's Pagination with one
 * boundary and two siblings has exactly nine slots; spec/2-staff-ticket-work.md §2, spec/3-staff-administration.md §5).
 */
import { Group, Pagination, Select, Text } from "@mantine/core";
import { PAGE_SIZE_OPTIONS } from "../../../common/constants.ts";
import { usePagerLabels } from "./usePagerLabels.ts";

export interface TablePagerProps {
  page: number;
  pages: number;
  pageSize: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
  /**
   * Translated by the page's own namespace: the size selector's name, the total line (left out
   * while unknown) and, optionally, the names of the paging controls (else the common ones).
   */
  labels: { perPage: string; total?: string; control?(control: string): string };
  /** data-testid of the footer, its size selector, total line and pagination. */
  testIds: { root?: string; size: string; total?: string; pagination?: string };
}

export function TablePager({ page, pages, pageSize, onPage, onPageSize, labels, testIds }: TablePagerProps) {
  const controlLabel = labels.control;
  const pagerLabels = usePagerLabels();
  return (
    <Group justify="space-between" mt="md" gap="sm" data-testid={testIds.root}>
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {labels.perPage}
        </Text>
        <Select
          aria-label={labels.perPage}
          data={PAGE_SIZE_OPTIONS.map(String)}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          allowDeselect={false}
          w={90}
          size="xs"
          data-testid={testIds.size}
        />
        {labels.total !== undefined && (
          <Text size="sm" c="dimmed" data-testid={testIds.total}>
            {labels.total}
          </Text>
        )}
      </Group>
      {pages > 1 && (
        <Pagination
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          siblings={2}
          boundaries={1}
          {...pagerLabels}
          getControlProps={
            controlLabel ? (control) => ({ "aria-label": controlLabel(control) }) : pagerLabels.getControlProps
          }
          data-testid={testIds.pagination}
        />
      )}
    </Group>
  );
}
