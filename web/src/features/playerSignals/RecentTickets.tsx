/**
 * The member home's latest tickets: reference, subject, status, last
 * activity and unread replies, kept live by PlayerSignals; the full list is the history.
 */
import { Anchor, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconHistory } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatDateTime } from "../../ui/formatDate.ts";
import { StatusBadge } from "../tickets/StatusBadge.tsx";
import { ticketReference } from "../tickets/TicketReference.tsx";
import { useRecentTickets } from "./api.ts";
import { UnreadBadge } from "./UnreadBadge.tsx";

export function RecentTickets() {
  const { t } = useTranslation("edit");
  const recent = useRecentTickets();
  const rows = recent.data ?? [];
  return (
    <Card withBorder radius="md" padding="lg" data-testid="recent-tickets">
      <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
        <div>
          <Title order={3} size="h5">
            {t("signals.recent_title")}
          </Title>
          <Text size="sm" c="dimmed">
            {t("signals.recent_text")}
          </Text>
        </div>
        <Button
          component={Link}
          to="/member/ticket-history"
          variant="subtle"
          size="xs"
          leftSection={<IconHistory size={16} />}
        >
          {t("signals.recent_all")}
        </Button>
      </Group>
      {recent.isSuccess && rows.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="recent-empty">
          {t("signals.recent_empty")}
        </Text>
      ) : (
        <Stack gap={0}>
          {rows.map((ticket) => (
            <Group
              key={ticket.id}
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="xs"
              style={{ borderBlockStart: "1px solid var(--mantine-color-default-border)" }}
              data-testid="recent-ticket"
              data-ticket-id={ticket.id}
            >
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Group gap="xs" wrap="nowrap">
                  <Anchor component={Link} to={`/member/ticket/${ticket.fetch_code}`} fw={600} size="sm" dir="ltr">
                    {ticketReference(ticket.createdAt)}
                  </Anchor>
                  <UnreadBadge count={ticket.unread} />
                </Group>
                <Text size="sm" truncate="end" dir="auto">
                  {ticket.subject}
                </Text>
              </Stack>
              <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
                <StatusBadge status={ticket.status} size="sm" />
                <Text size="xs" c="dimmed" data-testid="recent-updated" data-value={ticket.lastUpdated}>
                  {t("history.updated")}: {formatDateTime(ticket.lastUpdated)}
                </Text>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
