/**
 * Who else is on this ticket's page (collision detection): each person's picture or initial, name,
 * and "typing…" while they write a reply or a note. Nothing shows when the caller is alone.
 */
import { Avatar, Group, Paper, Text } from "@mantine/core";
import { IconEye } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { TicketViewer } from "../../../../common/schemas/ticketPresence.ts";

export function TicketViewers({ viewers }: { viewers: TicketViewer[] }) {
  const { t } = useTranslation("ticketPage");
  if (!viewers.length) return null;
  return (
    <Paper withBorder radius="md" px="sm" py={6} data-testid="ticket-viewers">
      <Group gap="md" wrap="wrap" role="status" aria-live="polite">
        <Group gap={6} wrap="nowrap">
          <IconEye size={16} aria-hidden />
          <Text size="sm" c="dimmed">
            {t("presence.also_here")}
          </Text>
        </Group>
        {viewers.map((viewer) => (
          <Group
            key={viewer.id}
            gap={6}
            wrap="nowrap"
            mod={{ "user-id": viewer.id, state: viewer.state }}
            data-testid="ticket-viewer"
          >
            <Avatar src={viewer.avatar} size={24} radius="xl" color="blue" alt="">
              {viewer.name.slice(0, 1).toUpperCase()}
            </Avatar>
            <Text size="sm" fw={500} dir="auto">
              {viewer.name}
            </Text>
            {viewer.state === "typing" && (
              <Text size="xs" c="dimmed" fs="italic" data-testid="ticket-viewer-typing">
                {t("presence.typing")}
              </Text>
            )}
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
