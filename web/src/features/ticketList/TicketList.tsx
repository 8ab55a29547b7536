/**
 * The staff ticket list (spec/2-staff-ticket-work.md §2): the views with their live counts
 * (docs/decisions/views.md) or the full search panel, the table (cards on a phone, where the
 * filters sit behind a button) with the chosen columns, and the paging, wired to the saved
 * per-user state; `j`/`k`/Enter walk the rows (useRowCursor.ts). Rows selected on the page take a
 * bulk action (docs/decisions/bulk-actions.md).
 */
import { Button, Drawer, Group, Paper, Stack, Text } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconFilter } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaffEntry } from "../../../../common/schemas/ticketSearch.ts";
import { DEFAULT_TICKET_LIST_COLUMNS } from "../../../../common/ticketListColumns.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { PageLoader } from "../../ui/Loaders.tsx";
import { usePreferences } from "../account/api.ts";
import { useCategories, useServers } from "../tickets/api.ts";
import { searchTickets, ticketListKeys, useDevs, usePriorities } from "./api.ts";
import { BulkBar } from "./BulkBar.tsx";
import { BulkOutcomeNotice } from "./BulkOutcomeNotice.tsx";
import type { BulkOutcome } from "./bulkActions.ts";
import { ColumnChooser } from "./ColumnChooser.tsx";
import { ListFooter } from "./ListFooter.tsx";
import { hasAdvancedFilters, type SearchParams, toSearchBody, viewBody } from "./listState.ts";
import { useRowSelection } from "./RowSelection.tsx";
import { SearchPanel } from "./SearchPanel.tsx";
import { TicketCards } from "./TicketCards.tsx";
import { TicketTable } from "./TicketTable.tsx";
import { useActiveChatIds } from "./useActiveChatIds.ts";
import { useListState } from "./useListState.ts";
import { useRowCursor } from "./useRowCursor.ts";
import { useTicketPings } from "./useTicketPings.ts";
import { useViewsLive } from "./useViewsLive.ts";
import { ViewsBar } from "./ViewsBar.tsx";

const RELATIVE_TICK_MS = 30_000;
/** Below Mantine's sm breakpoint (48em): a phone shows cards and keeps the filters in a drawer. */
const PHONE_QUERY = "(max-width: 47.99em)";

function useNow(): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), RELATIVE_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function TicketList({ userId }: { userId: number }) {
  const { t } = useTranslation("ticketList");
  const list = useListState(userId);
  const { params, page } = list.state;
  const { view } = list;
  const searching = view === "search";
  const body = useMemo(
    () =>
      view === "search"
        ? toSearchBody(params, page, list.pageSize, list.sort)
        : viewBody(view, page, list.pageSize, list.sort),
    [view, params, page, list.pageSize, list.sort],
  );
  const advanced = searching && hasAdvancedFilters(params);
  const queryKey = useMemo(() => ticketListKeys.search(body), [body]);
  const result = useQuery({
    queryKey,
    queryFn: () => searchTickets(body, advanced),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useTicketPings(queryKey);
  useViewsLive(searching ? null : queryKey);
  const activeChatIds = useActiveChatIds();
  const categories = useCategories();
  const servers = useServers();
  const priorities = usePriorities();
  const devs = useDevs();
  const preferences = usePreferences();
  // The defaults only where no preferences come (a failed read): no flash of the wrong columns.
  const columns = preferences.data?.ticket_list_columns ?? (preferences.isPending ? null : DEFAULT_TICKET_LIST_COLUMNS);
  const now = useNow();
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const [filtersOpen, filters] = useDisclosure(false);
  const [outcome, setOutcome] = useState<BulkOutcome | null>(null);
  const rowsFrame = useRef<HTMLDivElement>(null);
  useRowCursor(rowsFrame);

  useEffect(() => {
    if (result.error) showError(result.error);
  }, [result.error]);

  const data = result.data;
  // A page past the end (the list shrank since it was saved) moves to the last page.
  useEffect(() => {
    if (data && data.total_pages > 0 && page > data.total_pages) list.setPage(data.total_pages);
  }, [data, page, list.setPage]);

  const staff = useMemo(() => {
    const map = new Map<number, StaffEntry>();
    for (const dev of devs.data ?? []) map.set(dev.id, dev);
    for (const entry of data?.users ?? []) map.set(entry.id, entry);
    return map;
  }, [devs.data, data?.users]);

  const search = (next: SearchParams) => {
    filters.close();
    list.search(next);
  };
  const panel = <SearchPanel params={params} onSearch={search} onDefault={list.resetToDefault} onClear={list.clear} />;
  const tickets = data?.tickets ?? [];
  const selection = useRowSelection(tickets, queryKey);
  const rows = {
    tickets,
    activeChatIds,
    now,
    categories: categories.data ?? [],
    servers: servers.data ?? [],
    priorities: priorities.data ?? [],
    staff,
    selection,
  };

  return (
    <>
      <ViewsBar view={view} onChoose={list.chooseView} />
      {searching &&
        (phone ? (
          <>
            <Button
              variant="light"
              leftSection={<IconFilter size={16} />}
              onClick={filters.open}
              mb="md"
              fullWidth
              data-testid="filters-button"
            >
              {t("filters.button")}
            </Button>
            <Drawer
              opened={filtersOpen}
              onClose={filters.close}
              title={t("filters.title")}
              position="bottom"
              size="90%"
              data-testid="filters-drawer"
            >
              {panel}
            </Drawer>
          </>
        ) : (
          panel
        ))}
      {!phone && columns && (
        <Group justify="flex-end" mb="xs">
          <ColumnChooser columns={columns} />
        </Group>
      )}
      {outcome && <BulkOutcomeNotice outcome={outcome} onClose={() => setOutcome(null)} />}
      <Paper withBorder radius="md" pos="relative" mih={200} ref={rowsFrame}>
        <PageLoader visible={result.isFetching || (!phone && !columns)} />
        {data && data.tickets.length === 0 ? (
          <Stack align="center" p="xl" ta="center" data-testid="ticket-list-empty">
            <Text c="dimmed">{t(searching ? "empty" : "empty_view")}</Text>
          </Stack>
        ) : phone ? (
          <TicketCards {...rows} />
        ) : (
          columns && <TicketTable {...rows} columns={columns} sort={list.sort} onSort={list.toggleSort} />
        )}
      </Paper>
      <BulkBar selection={selection} userId={userId} phone={phone} onDone={setOutcome} />
      <ListFooter list={list} totals={data} testId="ticket" />
    </>
  );
}
