/**
 * The paging footer (ui/TablePager) bound to a remembered list (useRememberedList) and its
 * answer's totals, in the ticket list's words; the ticket list and the member search share it.
 */
import { useTranslation } from "react-i18next";
import { TablePager } from "../../ui/TablePager.tsx";

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
  return (
    <TablePager
      page={list.state.page}
      pages={totals?.total_pages ?? 0}
      pageSize={list.pageSize}
      onPage={list.setPage}
      onPageSize={list.setPageSize}
      labels={{
        perPage: t("per_page"),
        total: totals && t("total", { count: totals.total_count }),
        control: (control) => t(`paging.${control}`),
      }}
      testIds={{ size: "page-size", total: `${testId}-total`, pagination: `${testId}-pagination` }}
    />
  );
}
