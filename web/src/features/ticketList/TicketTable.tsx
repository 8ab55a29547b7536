/**
 * The ticket table of /admin/ticket (spec/2-staff-ticket-work.md §2): ticket link (the ticket number, i.e. the creation
 * time, opening the detail page), in-chats toggle, member (a button to the profile), character,
 * e-mail, server, category, status, priority, last updated, created, assigned to. Headers sort.
 */
import { Anchor, Button, Table, Text, Tooltip } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { PriorityLevel } from "../../../../common/schemas/setupResponses.ts";
import type { StaffEntry, TicketSortField } from "../../../../common/schemas/ticketSearch.ts";
import { encodeTicketInfo } from "../../../../common/ticket-code.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { SortHeader } from "../../ui/SortHeader.tsx";
import type { Category, GameServer } from "../tickets/api.ts";
import { categoryTitle } from "../tickets/ticketDisplay.ts";
import type { ListTicket } from "./api.ts";
import { InChatsToggle } from "./InChatsToggle.tsx";
import type { Sort } from "./listState.ts";
import { formatRelative } from "./relativeTime.ts";
import { TicketStatusBadge } from "./TicketStatusBadge.tsx";

export function ticketEditPath(ticket: Pick<ListTicket, "id" | "email" | "createdAt">): string {
  return `/admin/${encodeTicketInfo({ ticketId: ticket.id, email: ticket.email, ticketNumber: ticket.createdAt })}/edit`;
}

interface Lookups {
  categories: Category[];
  servers: GameServer[];
  priorities: PriorityLevel[];
  /** Everyone a ticket may be assigned to: the answer's users, then the staff list. */
  staff: Map<number, StaffEntry>;
}

interface TicketTableProps extends Lookups {
  tickets: ListTicket[];
  sort: Sort;
  onSort(key: TicketSortField): void;
  activeChatIds: ReadonlySet<number> | undefined;
  now: number;
}

export function TicketTable({
  tickets,
  sort,
  onSort,
  activeChatIds,
  now,
  categories,
  servers,
  priorities,
  staff,
}: TicketTableProps) {
  const { t, i18n } = useTranslation("ticketList");
  const language = i18n.resolvedLanguage ?? "en";
  const header = (field: TicketSortField, label: string) => (
    <SortHeader field={field} sort={sort} onSort={onSort}>
      {t(label)}
    </SortHeader>
  );
  const nowrap = { whiteSpace: "nowrap" } as const;

  return (
    <Table.ScrollContainer minWidth={1280}>
      <Table highlightOnHover verticalSpacing="xs" horizontalSpacing="xs" fz="sm" data-testid="ticket-table">
        <Table.Thead>
          <Table.Tr>
            {header("createdAt", "columns.ticket")}
            <Table.Th style={nowrap}>{t("columns.in_chats")}</Table.Th>
            {header("name", "columns.member")}
            {header("characterName", "columns.character")}
            {header("email", "columns.email")}
            {header("server", "columns.server")}
            {header("category", "columns.category")}
            {header("status", "columns.status")}
            {header("priority", "columns.priority")}
            {header("lastUpdated", "columns.last_updated")}
            <Table.Th style={nowrap}>{t("columns.created")}</Table.Th>
            {header("assignedTo", "columns.assigned_to")}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => {
            const assignee = ticket.assignedTo === null ? undefined : staff.get(ticket.assignedTo);
            return (
              <Table.Tr key={ticket.id} data-testid="ticket-row" data-ticket-id={ticket.id}>
                <Table.Td style={nowrap}>
                  <Anchor component={Link} to={ticketEditPath(ticket)} fw={600} size="sm" data-testid="ticket-link">
                    #{ticket.createdAt}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <InChatsToggle ticketId={ticket.id} active={activeChatIds?.has(ticket.id)} />
                </Table.Td>
                <Table.Td style={nowrap}>
                  {ticket.ticket_type === "member" ? (
                    <Button
                      component={Link}
                      to={`/admin/members/member-profile/${ticket.user_id}`}
                      variant="subtle"
                      size="compact-sm"
                      data-testid="member-button"
                    >
                      <bdi>{ticket.name}</bdi>
                    </Button>
                  ) : (
                    <Text size="sm" span data-testid="member-name">
                      <bdi>{ticket.name}</bdi>
                    </Text>
                  )}
                </Table.Td>
                <Table.Td style={nowrap}>
                  <bdi>{ticket.characterName || "-"}</bdi>
                </Table.Td>
                <Table.Td maw={240}>
                  <Text size="sm" truncate="end" dir="ltr" ta="start" data-testid="ticket-email">
                    {ticket.email}
                  </Text>
                </Table.Td>
                <Table.Td style={nowrap}>{servers.find((s) => s.id === ticket.server)?.title ?? "UNK"}</Table.Td>
                <Table.Td style={nowrap} data-testid="ticket-category">
                  {categoryTitle(
                    categories.find((c) => c.id === ticket.category),
                    language,
                  )}
                </Table.Td>
                <Table.Td style={nowrap}>
                  <TicketStatusBadge status={ticket.status} />
                </Table.Td>
                <Table.Td style={nowrap} data-testid="ticket-priority">
                  {priorities.find((p) => p.id === ticket.priority)?.title ?? "UNK"}
                </Table.Td>
                <Table.Td style={nowrap}>
                  <Tooltip label={formatDateTime(ticket.lastUpdated)} withArrow>
                    <Text size="sm" span data-testid="ticket-last-updated" data-value={ticket.lastUpdated}>
                      {formatRelative(ticket.lastUpdated, now, language)}
                    </Text>
                  </Tooltip>
                </Table.Td>
                <Table.Td style={nowrap} data-testid="ticket-created">
                  {formatDateTime(ticket.createdAt)}
                </Table.Td>
                <Table.Td style={nowrap} data-testid="ticket-assignee">
                  {assignee ? (
                    <bdi>{assignee.name}</bdi>
                  ) : (
                    <Text size="sm" c="dimmed" span>
                      {t("not_assigned")}
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
