/** One notification: what happened, on which ticket, by whom, when; links to the ticket page. */
import { Avatar, Box, Group, Stack, Text } from "@mantine/core";
import { IconAlarm, IconAt, IconMessage, IconUserCheck } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Notification } from "../../../../common/schemas/chatList.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { ticketReference } from "../tickets/TicketReference.tsx";

const ICONS = { assignment: IconUserCheck, new_message: IconMessage, tag: IconAt, hold_expired: IconAlarm } as const;

/**
 * The sentence of a notification, shared by the list, the toast and the browser notification: who
 * acted, on which ticket (its reference as players see it, its subject and player). Where no
 * person acted (the system, a sweep) the sentence is one of its own, never "Someone …".
 */
export function notificationText(t: TFunction, n: Notification): string {
  const key = n.type === "hold_expired" || n.actor_name !== null ? n.type : `${n.type}_system`;
  return t(`notifications:text.${key}`, {
    actor: n.actor_name,
    reference: ticketReference(n.ticket_created_at),
    subject: n.subject,
    player: n.player_name,
  });
}

export function notificationPath(n: Notification): string {
  return `/admin/${n.ticket_code}/edit`;
}

export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen?: () => void }) {
  const { t } = useTranslation("notifications");
  const Icon = ICONS[notification.type];
  return (
    <Box
      component={Link}
      to={notificationPath(notification)}
      onClick={onOpen}
      data-testid="notification-item"
      data-read={notification.read ? "true" : "false"}
      data-type={notification.type}
      p="xs"
      style={{
        display: "block",
        textDecoration: "none",
        color: "inherit",
        borderRadius: "var(--mantine-radius-sm)",
        backgroundColor: notification.read ? undefined : "var(--mantine-color-blue-light)",
      }}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar size="sm" radius="xl" src={notification.by?.avatar || null} color="blue">
          <Icon size={16} />
        </Avatar>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={notification.read ? 400 : 600}>
            {notificationText(t, notification)}
          </Text>
          <Text size="xs" c="dimmed">
            {t(`types.${notification.type}`)} · {formatDateTime(notification.timestamp)}
          </Text>
        </Stack>
      </Group>
    </Box>
  );
}
