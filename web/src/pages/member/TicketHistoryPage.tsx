/**
 * Ticket history (spec/1-product-frame.md §2): the member's own tickets, paged, latest activity first, each with
 * its unread staff replies. The page size is remembered per user by the server (sent
 * once chosen, read back when not sent). Rows open the ticket; PlayerSignals keeps them live.
 */
import { Button, Group, Pagination, Paper, Select, Stack, Table, Text } from "@mantine/core";
import { IconTicket } from "@tabler/icons-react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { PAGE_SIZE_OPTIONS } from "../../../../common/constants.ts";
import { PageHeader } from "../../components/PageHeader.tsx";
import { UnreadBadge } from "../../features/playerSignals/UnreadBadge.tsx";
import { fetchTicketHistory, ticketKeys, useCategories, useServers } from "../../features/tickets/api.ts";
import { HistoryTicketCard } from "../../features/tickets/HistoryTicketCard.tsx";
import { StatusBadge } from "../../features/tickets/StatusBadge.tsx";
import { ticketReference } from "../../features/tickets/TicketReference.tsx";
import { categoryTitle } from "../../features/tickets/ticketDisplay.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { PageLoader } from "../../ui/Loaders.tsx";
import { usePagerLabels } from "../../ui/usePagerLabels.ts";

export default function TicketHistoryPage() {
  const { t, i18n } = useTranslation("edit");
  const pagerLabels = usePagerLabels();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  /** Undefined until the member picks one: the server answers with the remembered size. */
  const [size, setSize] = useState<number | undefined>(undefined);
  const history = useQuery({
    queryKey: ticketKeys.history(page, size),
    queryFn: () => fetchTicketHistory(page, size),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const categories = useCategories();
  const servers = useServers();
  const language = i18n.resolvedLanguage ?? "en";
  useEffect(() => {
    if (history.error) showError(history.error);
  }, [history.error]);

  const data = history.data;
  const rows = data?.tickets ?? [];
  const open = (fetchCode: string) => navigate(`/member/ticket/${fetchCode}`);

  return (
    <>
      <PageHeader title={t("history.title")} subtitle={t("history.subtitle")} />
      <Paper withBorder radius="md" pos="relative" mih={200}>
        {/* A live refresh (a reply signal) reads the page again without covering it. */}
        <PageLoader visible={history.isPending || (history.isFetching && history.isPlaceholderData)} />
        {data && rows.length === 0 ? (
          <Stack align="center" gap="sm" p="xl" ta="center" data-testid="history-empty">
            <Text c="dimmed">{t("history.empty")}</Text>
            <Button component={Link} to="/member/create-ticket" leftSection={<IconTicket size={18} />}>
              {t("history.create")}
            </Button>
          </Stack>
        ) : (
          <>
            {/* A phone gets cards; the table from `sm` up. */}
            <Stack gap="sm" p="sm" hiddenFrom="sm" data-testid="history-cards">
              {rows.map((ticket) => (
                <HistoryTicketCard
                  key={ticket.id}
                  ticket={ticket}
                  categoryTitle={categoryTitle(
                    categories.data?.find((c) => c.id === ticket.category),
                    language,
                  )}
                  serverTitle={servers.data?.find((s) => s.id === ticket.server)?.title ?? "UNK"}
                />
              ))}
            </Stack>
            <Table.ScrollContainer minWidth={760} visibleFrom="sm">
              <Table highlightOnHover verticalSpacing="sm" data-testid="history-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("history.number")}</Table.Th>
                    <Table.Th>{t("history.subject")}</Table.Th>
                    <Table.Th>{t("history.category")}</Table.Th>
                    <Table.Th>{t("history.server")}</Table.Th>
                    <Table.Th>{t("history.status")}</Table.Th>
                    <Table.Th>{t("history.created")}</Table.Th>
                    <Table.Th>{t("history.updated")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((ticket) => (
                    <Table.Tr
                      key={ticket.id}
                      onClick={() => open(ticket.fetch_code)}
                      style={{ cursor: "pointer" }}
                      data-testid="history-row"
                      data-ticket-id={ticket.id}
                    >
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Text
                            component={Link}
                            to={`/member/ticket/${ticket.fetch_code}`}
                            c="blue"
                            fw={600}
                            size="sm"
                            dir="ltr"
                            onClick={(event) => event.stopPropagation()}
                          >
                            {ticketReference(ticket.createdAt)}
                          </Text>
                          <UnreadBadge count={ticket.unread} />
                        </Group>
                      </Table.Td>
                      <Table.Td maw={320}>
                        <Text size="sm" truncate="end" dir="auto">
                          {ticket.subject}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {categoryTitle(
                          categories.data?.find((c) => c.id === ticket.category),
                          language,
                        )}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        {servers.data?.find((s) => s.id === ticket.server)?.title ?? "UNK"}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>
                        <StatusBadge status={ticket.status} size="sm" />
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: "nowrap" }}>{formatDateTime(ticket.createdAt)}</Table.Td>
                      <Table.Td
                        style={{ whiteSpace: "nowrap" }}
                        data-testid="history-updated"
                        data-value={ticket.lastUpdated}
                      >
                        {formatDateTime(ticket.lastUpdated)}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </>
        )}
      </Paper>
      {data && (
        <Group justify="space-between" mt="md" gap="sm">
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              {t("history.per_page")}
            </Text>
            <Select
              aria-label={t("history.per_page")}
              data={PAGE_SIZE_OPTIONS.map(String)}
              value={String(data.entries_per_page)}
              onChange={(value) => {
                if (!value) return;
                setSize(Number(value));
                setPage(1);
              }}
              allowDeselect={false}
              w={90}
              size="xs"
              data-testid="page-size"
            />
            <Text size="sm" c="dimmed">
              {t("history.total", { count: data.total_count })}
            </Text>
          </Group>
          {/* siblings 2 + boundaries 1: every page up to 9, else first, last, a window and ellipses (spec/1-product-frame.md §9). */}
          <Pagination
            {...pagerLabels}
            total={data.total_pages}
            value={page}
            onChange={setPage}
            siblings={2}
            boundaries={1}
          />
        </Group>
      )}
    </>
  );
}
