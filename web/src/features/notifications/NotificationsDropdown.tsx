/** The header's bell (spec/2-staff-ticket-work.md §2): the latest 30 unread notifications, max 400px high, and a link to all. */
import { ActionIcon, Anchor, Box, Divider, Indicator, Loader, Popover, ScrollArea, Stack, Text } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useStore } from "../../ui/createStore.ts";
import { unreadNotificationsStore } from "../../ui/usePageTitle.ts";
import { DROPDOWN_COUNT, fetchNotifications, notificationKeys } from "./api.ts";
import { NotificationItem } from "./NotificationItem.tsx";

export function NotificationsDropdown() {
  const { t } = useTranslation("notifications");
  const [opened, setOpened] = useState(false);
  const unread = useStore(unreadNotificationsStore);
  const list = useQuery({
    queryKey: notificationKeys.list(DROPDOWN_COUNT, true, "all"),
    queryFn: () => fetchNotifications(DROPDOWN_COUNT, true),
    enabled: opened,
  });
  const close = () => setOpened(false);
  return (
    <Popover opened={opened} onChange={setOpened} width={340} position="bottom-end" shadow="md" withinPortal>
      <Indicator
        label={unread}
        size={16}
        color="red"
        disabled={unread === 0}
        offset={4}
        data-testid="notification-count"
      >
        {/* The button is the target: it takes the popover's aria-haspopup and aria-expanded, which the
            indicator's div may not carry. */}
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={t("dropdown_label")}
            onClick={() => setOpened((o) => !o)}
            data-testid="notification-bell"
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown p={0} data-testid="notification-dropdown">
        <Box px="sm" py="xs">
          <Text fw={600} size="sm">
            {t("dropdown_title", { count: unread })}
          </Text>
        </Box>
        <Divider />
        <ScrollArea.Autosize mah={400} type="auto">
          <Stack gap={2} p={4}>
            {list.isLoading && <Loader size="sm" mx="auto" my="sm" />}
            {list.data?.notifications.length === 0 && (
              <Text size="sm" c="dimmed" ta="center" py="md">
                {t("none_unread")}
              </Text>
            )}
            {list.data?.notifications.map((n) => (
              <NotificationItem key={n.id} notification={n} onOpen={close} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
        <Divider />
        <Box px="sm" py="xs" ta="center">
          <Anchor
            component={Link}
            to="/admin/notifications"
            size="sm"
            onClick={close}
            data-testid="notification-show-all"
          >
            {t("show_all")}
          </Anchor>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
