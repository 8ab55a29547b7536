/**
 * The staff list on a phone (docs/decisions/views.md): one card per ticket instead of a table
 * row, so nothing scrolls sideways at 390 px. A card shows the ticket link, status, subject,
 * member, category and priority, last update and assignee, and the in-chats toggle; a checkbox
 * before the link selects it for a bulk action (docs/decisions/bulk-actions.md).
 */
import { Anchor, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { InChatsToggle } from "./InChatsToggle.tsx";
import { SelectTicketCheckbox } from "./RowSelection.tsx";
import { formatRelative } from "./relativeTime.ts";
import { TicketStatusBadge } from "./TicketStatusBadge.tsx";
import { AssigneeName, MemberName, type TicketRowsProps, ticketEditPath } from "./TicketTable.tsx";
import { ticketLabels } from "./ticketLabels.ts";
import { rowCursorProps } from "./useRowCursor.ts";

export function TicketCards({ tickets, activeChatIds, now, selection, ...lookups }: TicketRowsProps) {
  const { i18n } = useTranslation("ticketList");
  const language = i18n.resolvedLanguage ?? "en";
  const labels = ticketLabels(lookups);
  return (
    <Stack gap="xs" p="xs" data-testid="ticket-cards">
      {tickets.map((ticket) => (
        <Paper
          key={ticket.id}
          withBorder
          radius="md"
          p="sm"
          data-testid="ticket-card"
          data-ticket-id={ticket.id}
          {...rowCursorProps(ticketEditPath(ticket))}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap">
              {selection && <SelectTicketCheckbox ticket={ticket} selection={selection} />}
              <Anchor component={Link} to={ticketEditPath(ticket)} fw={600} size="sm" data-testid="ticket-link">
                #{ticket.createdAt}
              </Anchor>
            </Group>
            <TicketStatusBadge status={ticket.status} />
          </Group>
          <Text size="sm" fw={500} mt={4} lineClamp={2} data-testid="ticket-subject">
            <bdi>{ticket.subject}</bdi>
          </Text>
          <Group gap={4} mt={4} wrap="wrap">
            <MemberName ticket={ticket} />
            <Text size="xs" c="dimmed" span>
              {labels.category(ticket, language)} · {labels.priority(ticket)}
            </Text>
          </Group>
          <Group justify="space-between" mt={4} wrap="nowrap" gap="xs">
            <Group gap={6} wrap="nowrap" miw={0}>
              <Text size="xs" c="dimmed" span data-testid="ticket-last-updated" data-value={ticket.lastUpdated}>
                {formatRelative(ticket.lastUpdated, now, language)}
              </Text>
              <Text size="xs" span truncate="end" data-testid="ticket-assignee">
                <AssigneeName assignee={labels.assignee(ticket)} />
              </Text>
            </Group>
            <InChatsToggle ticketId={ticket.id} active={activeChatIds?.has(ticket.id)} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
