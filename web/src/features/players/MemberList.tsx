/**
 * A player list (spec/3-staff-administration.md §2.3): Search Players, or Banned (Support) with the banned filter fixed.
 * The search panel, the results and the paging, wired to the list's state remembered per user.
 * A help desk with no players at all says where players come from instead of "no match".
 */
import { Paper, Stack, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { MEMBER_SORT_FIELDS, type MemberSortField } from "../../../../common/schemas/playerAdmin.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { PageLoader } from "../../ui/Loaders.tsx";
import { ListFooter } from "../ticketList/ListFooter.tsx";
import { useRememberedList } from "../ticketList/rememberedList.ts";
import { playerKeys, searchMembers } from "./api.ts";
import { MemberSearchPanel } from "./MemberSearchPanel.tsx";
import { MemberTable } from "./MemberTable.tsx";
import {
  clearedMemberParams,
  DEFAULT_MEMBER_PAGE_SIZE,
  isUnfiltered,
  type MemberListKind,
  type MemberSearchParams,
  memberListKeys,
  parseMemberParams,
  toMemberSearchBody,
} from "./memberSearch.ts";
import { NoPlayersYet } from "./NoPlayersYet.tsx";

export function MemberList({ kind, userId }: { kind: MemberListKind; userId: number }) {
  const { t } = useTranslation("players");
  const keys = useMemo(() => memberListKeys(kind, userId), [kind, userId]);
  const list = useRememberedList<MemberSearchParams, MemberSortField>({
    keys,
    parse: parseMemberParams,
    initial: clearedMemberParams,
    defaultPageSize: DEFAULT_MEMBER_PAGE_SIZE[kind],
    sortFields: MEMBER_SORT_FIELDS,
  });
  const { params, page } = list.state;
  const body = useMemo(
    () => toMemberSearchBody(kind, params, page, list.pageSize, list.sort),
    [kind, params, page, list.pageSize, list.sort],
  );
  const result = useQuery({
    queryKey: playerKeys.search(body),
    queryFn: () => searchMembers(body),
    placeholderData: keepPreviousData,
    retry: false,
  });

  useEffect(() => {
    if (result.error) showError(result.error);
  }, [result.error]);

  const data = result.data;
  // A page past the end (the list shrank since it was saved) moves to the last page.
  useEffect(() => {
    if (data && page > data.total_pages) list.setPage(data.total_pages);
  }, [data, page, list.setPage]);

  const { search } = list;
  const clear = useCallback(() => search(clearedMemberParams()), [search]);

  return (
    <>
      <MemberSearchPanel params={params} bannedFixed={kind === "banned"} onSearch={search} onClear={clear} />
      <Paper withBorder radius="md" pos="relative" mih={160}>
        <PageLoader visible={result.isFetching} />
        {data && data.members.length === 0 ? (
          kind === "search" && data.total_count === 0 && isUnfiltered(params) ? (
            <NoPlayersYet />
          ) : (
            <Stack align="center" p="xl" ta="center" data-testid="member-list-empty">
              <Text c="dimmed">{t(kind === "banned" ? "empty_banned" : "empty")}</Text>
            </Stack>
          )
        ) : (
          <MemberTable members={data?.members ?? []} sort={list.sort} onSort={list.toggleSort} />
        )}
      </Paper>
      <ListFooter list={list} totals={data} testId="member" />
    </>
  );
}
