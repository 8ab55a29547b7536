/**
 * The ticket table of /admin/ticket (spec/2-staff-ticket-work.md §2): the ticket link (the ticket
 * number, i.e. the creation time, opening the detail page), then the columns the staff member
 * chose (docs/decisions/views.md) among in-chats toggle, member (a button to the profile),
 * subject, character, e-mail, server, category, status, priority, last updated, created and
 * assigned to. Headers sort. The subject takes the room the other columns leave and is cut to
 * one line, so the default columns fit a 1280 px screen beside the sidebar. A first column of
 * checkboxes selects rows for a bulk action (docs/decisions/bulk-actions.md).
 */
import { Anchor, Button, Table, Text, Tooltip } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { StaffEntry, TicketSortField } from "../../../../common/schemas/ticketSearch.ts";
import { encodeTicketInfo } from "../../../../common/ticket-code.ts";
import type { TicketListColumn } from "../../../../common/ticketListColumns.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { SortHeader } from "../../ui/SortHeader.tsx";
import type { ListTicket } from "./api.ts";
import { InChatsToggle } from "./InChatsToggle.tsx";
import type { Sort } from "./listState.ts";
import { type RowSelection, SelectPageCheckbox, SelectTicketCheckbox } from "./RowSelection.tsx";
import { formatRelative } from "./relativeTime.ts";
import { TicketStatusBadge } from "./TicketStatusBadge.tsx";
import { type Lookups, ticketLabels } from "./ticketLabels.ts";
import { rowCursorProps } from "./useRowCursor.ts";

export function ticketEditPath(ticket: Pick<ListTicket, "id" | "email" | "createdAt">): string {
  return `/admin/${encodeTicketInfo({ ticketId: ticket.id, email: ticket.email, ticketNumber: ticket.createdAt })}/edit`;
}

export interface TicketRowsProps extends Lookups {
  tickets: ListTicket[];
  activeChatIds: ReadonlySet<number> | undefined;
  now: number;
  /** The rows chosen for a bulk action; no checkboxes without it. */
  selection?: RowSelection;
}

interface TicketTableProps extends TicketRowsProps {
  columns: readonly TicketListColumn[];
  sort: Sort;
  onSort(key: TicketSortField): void;
}

const nowrap = { whiteSpace: "nowrap" } as const;

/** The sort key of each column that sorts. */
const SORT_OF: Partial<Record<TicketListColumn, TicketSortField>> = {
  member: "name",
  character: "characterName",
  email: "email",
  server: "server",
  category: "category",
  status: "status",
  priority: "priority",
  last_updated: "lastUpdated",
  assigned_to: "assignedTo",
};

/** The member's name: a button to the profile for a member, plain text for a visitor. */
export function MemberName({ ticket }: { ticket: ListTicket }) {
  return ticket.ticket_type === "member" ? (
    <Button
      component={Link}
      to={`/admin/members/member-profile/${ticket.user_id}`}
      variant="subtle"
      size="compact-sm"
      px={4}
      data-testid="member-button"
    >
      <bdi>{ticket.name}</bdi>
    </Button>
  ) : (
    <Text size="sm" span data-testid="member-name">
      <bdi>{ticket.name}</bdi>
    </Text>
  );
}

/** The assignee's name, or "Not assigned". */
export function AssigneeName({ assignee }: { assignee: StaffEntry | undefined }) {
  const { t } = useTranslation("ticketList");
  return assignee ? (
    <bdi>{assignee.name}</bdi>
  ) : (
    <Text size="sm" c="dimmed" span>
      {t("not_assigned")}
    </Text>
  );
}

export function TicketTable({
  tickets,
  columns,
  sort,
  onSort,
  activeChatIds,
  now,
  selection,
  ...lookups
}: TicketTableProps) {
  const { t, i18n } = useTranslation("ticketList");
  const language = i18n.resolvedLanguage ?? "en";
  const labels = ticketLabels(lookups);

  const header = (column: TicketListColumn) => {
    const field = SORT_OF[column];
    const label = t(`columns.${column}`);
    if (field)
      return (
        <SortHeader key={column} field={field} sort={sort} onSort={onSort}>
          {label}
        </SortHeader>
      );
    return (
      <Table.Th key={column} style={nowrap} data-testid={`column-${column}`}>
        {label}
      </Table.Th>
    );
  };

  const cell = (column: TicketListColumn, ticket: ListTicket): ReactNode => {
    switch (column) {
      case "in_chats":
        return (
          <Table.Td key={column}>
            <InChatsToggle ticketId={ticket.id} active={activeChatIds?.has(ticket.id)} />
          </Table.Td>
        );
      case "member":
        return (
          <Table.Td key={column} style={nowrap} maw={140}>
            <MemberName ticket={ticket} />
          </Table.Td>
        );
      case "subject":
        // Width 100% and no more than the room left: the subject shrinks first and is cut to a line
        // (to 76 px at least: the selection column took the rest of what 1280 px leaves).
        return (
          <Table.Td key={column} style={{ width: "100%", maxWidth: 0, minWidth: 76 }}>
            <Text size="sm" truncate="end" title={ticket.subject} data-testid="ticket-subject">
              <bdi>{ticket.subject}</bdi>
            </Text>
          </Table.Td>
        );
      case "character":
        return (
          <Table.Td key={column} style={nowrap}>
            <bdi>{ticket.characterName || "-"}</bdi>
          </Table.Td>
        );
      case "email":
        return (
          <Table.Td key={column} maw={220}>
            <Text size="sm" truncate="end" dir="ltr" ta="start" data-testid="ticket-email">
              {ticket.email}
            </Text>
          </Table.Td>
        );
      case "server":
        return (
          <Table.Td key={column} style={nowrap}>
            {labels.server(ticket)}
          </Table.Td>
        );
      case "category":
        return (
          <Table.Td key={column} data-testid="ticket-category">
            <Text size="sm" truncate="end" maw={120}>
              {labels.category(ticket, language)}
            </Text>
          </Table.Td>
        );
      case "status":
        return (
          <Table.Td key={column} style={nowrap}>
            <TicketStatusBadge status={ticket.status} />
          </Table.Td>
        );
      case "priority":
        return (
          <Table.Td key={column} style={nowrap} data-testid="ticket-priority">
            {labels.priority(ticket)}
          </Table.Td>
        );
      case "last_updated":
        return (
          <Table.Td key={column} style={nowrap}>
            <Tooltip label={formatDateTime(ticket.lastUpdated)} withArrow>
              <Text size="sm" span data-testid="ticket-last-updated" data-value={ticket.lastUpdated}>
                {formatRelative(ticket.lastUpdated, now, language)}
              </Text>
            </Tooltip>
          </Table.Td>
        );
      case "created":
        return (
          <Table.Td key={column} style={nowrap} data-testid="ticket-created">
            {formatDateTime(ticket.createdAt)}
          </Table.Td>
        );
      case "assigned_to":
        return (
          <Table.Td key={column} data-testid="ticket-assignee">
            <Text size="sm" truncate="end" maw={110}>
              <AssigneeName assignee={labels.assignee(ticket)} />
            </Text>
          </Table.Td>
        );
    }
  };

  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table highlightOnHover verticalSpacing="xs" horizontalSpacing={8} fz="sm" data-testid="ticket-table">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={32} pe={0}>
                <SelectPageCheckbox selection={selection} />
              </Table.Th>
            )}
            <SortHeader field="createdAt" sort={sort} onSort={onSort}>
              {t("columns.ticket")}
            </SortHeader>
            {columns.map(header)}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {tickets.map((ticket) => (
            <Table.Tr
              key={ticket.id}
              data-testid="ticket-row"
              data-ticket-id={ticket.id}
              {...rowCursorProps(ticketEditPath(ticket))}
            >
              {selection && (
                <Table.Td pe={0}>
                  <SelectTicketCheckbox ticket={ticket} selection={selection} />
                </Table.Td>
              )}
              <Table.Td style={nowrap}>
                {/* A line of 24 px: a target of the size WCAG 2.2 asks for, beside the row's checkbox. */}
                <Anchor
                  component={Link}
                  to={ticketEditPath(ticket)}
                  fw={600}
                  size="sm"
                  display="inline-block"
                  lh="24px"
                  data-testid="ticket-link"
                >
                  #{ticket.createdAt}
                </Anchor>
              </Table.Td>
              {columns.map((column) => cell(column, ticket))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
