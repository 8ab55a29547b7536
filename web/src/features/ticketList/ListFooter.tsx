/**
 * Under a paged list: the entries-per-page choice, the exact total and the pages. Paging shows
 * every page up to 9, else first, last, a window and ellipses (spec 2 §2, spec 3 §5): Mantine's
 * Pagination with one boundary and two siblings has exactly nine slots.
 */
import { Group, Pagination, Select, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PAGE_SIZE_OPTIONS } from "../../../../common/constants.ts";

/** What the footer reads and sets of a remembered list (useRememberedList). */
interface PagedList {
  state: { page: number };
  pageSize: number;
  setPage(page: number): void;
  setPageSize(size: number): void;
}

interface ListFooterProps {
  list: PagedList;
  /** Unknown while the first answer is on its way. */
  totals: { total_pages: number; total_count: number } | undefined;
  /** data-testid prefix: `{prefix}-total`, `{prefix}-pagination`. */
  testId: string;
}

export function ListFooter({ list, totals, testId }: ListFooterProps) {
  const { t } = useTranslation("ticketList");
  const page = list.state.page;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t("per_page")}
        </Text>
        <Select
          aria-label={t("per_page")}
          data={PAGE_SIZE_OPTIONS.map(String)}
          value={String(list.pageSize)}
          onChange={(value) => value && list.setPageSize(Number(value))}
          allowDeselect={false}
          w={90}
          size="xs"
          data-testid="page-size"
        />
        {totals && (
          <Text size="sm" c="dimmed" data-testid={`${testId}-total`}>
            {t("total", { count: totals.total_count })}
          </Text>
        )}
      </Group>
      {totals && totals.total_pages > 1 && (
        <Pagination
          total={totals.total_pages}
          value={Math.min(page, totals.total_pages)}
          onChange={list.setPage}
          siblings={2}
          boundaries={1}
          getControlProps={(control) => ({ "aria-label": t(`paging.${control}`) })}
          data-testid={`${testId}-pagination`}
        />
      )}
    </Group>
  );
}
