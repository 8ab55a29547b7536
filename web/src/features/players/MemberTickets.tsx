/**
 * A player's tickets on the profile (spec/3-staff-administration.md §2.3): number (opening the staff ticket page), subject,
 * status, category, created and last updated; newest first, ten a page.
 */
import { Anchor, Group, Pagination, Table, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { usePagerLabels } from "../../ui/usePagerLabels.ts";
import { TicketStatusBadge } from "../ticketList/TicketStatusBadge.tsx";
import { ticketEditPath } from "../ticketList/TicketTable.tsx";
import { useCategories } from "../tickets/api.ts";
import { categoryTitle } from "../tickets/ticketDisplay.ts";

const PER_PAGE = 10;

export function MemberTickets({ tickets }: { tickets: StaffTicket[] }) {
  const { t, i18n } = useTranslation("players");
  const pagerLabels = usePagerLabels();
  const categories = useCategories();
  const [page, setPage] = useState(1);
  const language = i18n.resolvedLanguage ?? "en";
  if (tickets.length === 0) return <Text c="dimmed">{t("profile.no_tickets")}</Text>;
  const pages = Math.ceil(tickets.length / PER_PAGE);
  const shown = tickets.slice((page - 1) * PER_PAGE, page * PER_PAGE);
  const nowrap = { whiteSpace: "nowrap" } as const;
  return (
    <>
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="xs" fz="sm" data-testid="member-ticket-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("tickets.number")}</Table.Th>
              <Table.Th>{t("tickets.subject")}</Table.Th>
              <Table.Th>{t("tickets.status")}</Table.Th>
              <Table.Th>{t("tickets.category")}</Table.Th>
              <Table.Th>{t("tickets.created")}</Table.Th>
              <Table.Th>{t("tickets.updated")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((ticket) => (
              <Table.Tr key={ticket.id} data-testid="member-ticket-row">
                <Table.Td style={nowrap}>
                  <Anchor
                    component={Link}
                    to={ticketEditPath(ticket)}
                    fw={600}
                    size="sm"
                    data-testid="member-ticket-link"
                  >
                    #{ticket.createdAt}
                  </Anchor>
                </Table.Td>
                <Table.Td style={{ wordBreak: "break-word" }}>{ticket.subject}</Table.Td>
                <Table.Td style={nowrap}>
                  <TicketStatusBadge status={ticket.status} />
                </Table.Td>
                <Table.Td style={nowrap}>
                  {categoryTitle(
                    (categories.data ?? []).find((c) => c.id === ticket.category),
                    language,
                  )}
                </Table.Td>
                <Table.Td style={nowrap}>{formatDateTime(ticket.createdAt)}</Table.Td>
                <Table.Td style={nowrap}>{formatDateTime(ticket.lastUpdated)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {pages > 1 && (
        <Group justify="flex-end" mt="sm">
          <Pagination {...pagerLabels} total={pages} value={page} onChange={setPage} siblings={2} boundaries={1} />
        </Group>
      )}
    </>
  );
}
