/**
 * One ticket of the history as a card, for a phone: the seven columns of the table do
 * not fit 390 px, so the number, status, subject, category and server and the last update stack
 * in one tappable card that opens the ticket.
 */
import { Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../ui/formatDate.ts";
import { UnreadBadge } from "../playerSignals/UnreadBadge.tsx";
import { StatusBadge } from "./StatusBadge.tsx";
import { ticketReference } from "./TicketReference.tsx";

interface HistoryTicketCardProps {
  ticket: {
    fetch_code: string;
    createdAt: number;
    lastUpdated: number;
    subject: string;
    /** Staff replies the player has not read. */
    unread?: number;
    status: Parameters<typeof StatusBadge>[0]["status"];
  };
  categoryTitle: string;
  serverTitle: string;
}

export function HistoryTicketCard({ ticket, categoryTitle, serverTitle }: HistoryTicketCardProps) {
  const { t } = useTranslation("edit");
  return (
    <Card
      component={Link}
      to={`/member/ticket/${ticket.fetch_code}`}
      withBorder
      radius="md"
      padding="sm"
      data-testid="history-card"
    >
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap">
            <Text c="blue" fw={600} size="sm" dir="ltr">
              {ticketReference(ticket.createdAt)}
            </Text>
            <UnreadBadge count={ticket.unread ?? 0} />
          </Group>
          <StatusBadge status={ticket.status} size="sm" />
        </Group>
        <Text size="sm" fw={500} lineClamp={2} dir="auto" style={{ overflowWrap: "anywhere" }}>
          {ticket.subject}
        </Text>
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {categoryTitle} · {serverTitle}
        </Text>
        <Text size="xs" c="dimmed">
          {t("history.card_updated", { time: formatDateTime(ticket.lastUpdated) })}
        </Text>
      </Stack>
    </Card>
  );
}
