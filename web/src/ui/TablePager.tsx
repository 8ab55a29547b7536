/**
 * Under a paged table: the page size (10/25/50/100, spec 3 §9), the total, and the pages (all of
 * them up to nine, else first, last, a window and ellipses: one boundary and two siblings).
 */
import { Group, Pagination, Select, Text } from "@mantine/core";
import { PAGE_SIZE_OPTIONS } from "../../../common/constants.ts";

export function TablePager({
  page,
  pages,
  pageSize,
  onPage,
  onPageSize,
  labels,
  testId,
}: {
  page: number;
  pages: number;
  pageSize: number;
  onPage(page: number): void;
  onPageSize(size: number): void;
  /** Translated by the page's own namespace: the size selector's name and the total line. */
  labels: { perPage: string; total: string };
  testId: string;
}) {
  return (
    <Group justify="space-between" mt="md" gap="sm" data-testid={testId}>
      <Group gap="xs">
        <Select
          aria-label={labels.perPage}
          data={PAGE_SIZE_OPTIONS.map(String)}
          value={String(pageSize)}
          onChange={(value) => value && onPageSize(Number(value))}
          allowDeselect={false}
          w={90}
          size="xs"
          data-testid={`${testId}-size`}
        />
        <Text size="sm" c="dimmed">
          {labels.total}
        </Text>
      </Group>
      {pages > 1 && <Pagination total={pages} value={page} onChange={onPage} siblings={2} boundaries={1} />}
    </Group>
  );
}
