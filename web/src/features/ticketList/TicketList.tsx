/**
 * The staff ticket list (spec 2 §2): the search panel, the table and the paging, wired to the
 * saved per-user state. Paging shows every page up to 9, else first, last, a window and
 * ellipses (Mantine's Pagination with one boundary and two siblings has exactly nine slots).
 */
import { Group, Pagination, Paper, Select, Stack, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PAGE_SIZE_OPTIONS } from "../../../../common/constants.ts";
import type { StaffEntry } from "../../../../common/schemas/ticketSearch.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { PageLoader } from "../../ui/Loaders.tsx";
import { useCategories, useServers } from "../tickets/api.ts";
import { searchTickets, ticketListKeys, useDevs, usePriorities } from "./api.ts";
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
          {data && (
            <Text size="sm" c="dimmed" data-testid="ticket-total">
              {t("total", { count: data.total_count })}
            </Text>
          )}
        </Group>
        {data && data.total_pages > 1 && (
          <Pagination
            total={data.total_pages}
            value={Math.min(page, data.total_pages)}
            onChange={list.setPage}
            siblings={2}
            boundaries={1}
            getControlProps={(control) => ({ "aria-label": t(`paging.${control}`) })}
            data-testid="ticket-pagination"
          />
        )}
      </Group>
    </>
  );
}
