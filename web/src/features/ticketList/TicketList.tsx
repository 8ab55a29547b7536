/**
 * The staff ticket list (spec/2-staff-ticket-work.md §2): the search panel, the table and the paging, wired to the
 * saved per-user state.
 */
import { Paper, Stack, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaffEntry } from "../../../../common/schemas/ticketSearch.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { PageLoader } from "../../ui/Loaders.tsx";
import { useCategories, useServers } from "../tickets/api.ts";
import { searchTickets, ticketListKeys, useDevs, usePriorities } from "./api.ts";
import { ListFooter } from "./ListFooter.tsx";
import { hasAdvancedFilters, toSearchBody } from "./listState.ts";
import { SearchPanel } from "./SearchPanel.tsx";
import { TicketTable } from "./TicketTable.tsx";
import { useActiveChatIds } from "./useActiveChatIds.ts";
import { useListState } from "./useListState.ts";
import { useTicketPings } from "./useTicketPings.ts";

const RELATIVE_TICK_MS = 30_000;

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
  const body = useMemo(
    () => toSearchBody(params, page, list.pageSize, list.sort),
    [params, page, list.pageSize, list.sort],
  );
  const advanced = hasAdvancedFilters(params);
  const queryKey = useMemo(() => ticketListKeys.search(body), [body]);
  const result = useQuery({
    queryKey,
    queryFn: () => searchTickets(body, advanced),
    placeholderData: keepPreviousData,
    retry: false,
  });
  useTicketPings(queryKey);
  const activeChatIds = useActiveChatIds();
  const categories = useCategories();
  const servers = useServers();
  const priorities = usePriorities();
  const devs = useDevs();
  const now = useNow();

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

  return (
    <>
      <SearchPanel params={params} onSearch={list.search} onDefault={list.resetToDefault} onClear={list.clear} />
      <Paper withBorder radius="md" pos="relative" mih={200}>
        <PageLoader visible={result.isFetching} />
        {data && data.tickets.length === 0 ? (
          <Stack align="center" p="xl" ta="center" data-testid="ticket-list-empty">
            <Text c="dimmed">{t("empty")}</Text>
          </Stack>
        ) : (
          <TicketTable
            tickets={data?.tickets ?? []}
            sort={list.sort}
            onSort={list.toggleSort}
            activeChatIds={activeChatIds}
            now={now}
            categories={categories.data ?? []}
            servers={servers.data ?? []}
            priorities={priorities.data ?? []}
            staff={staff}
          />
        )}
      </Paper>
      <ListFooter list={list} totals={data} testId="ticket" />
    </>
  );
}
