/**
 * /admin/notifications (spec/2-staff-ticket-work.md §2): unread and total counters, the Unread toggle, the type filter
 * (All, Assignment, New Message, Tag), Mark All Read and pagination (10 per page by default) over
 * the newest 500.
 */
import { Badge, Button, Group, Pagination, Paper, SegmentedControl, Select, Stack, Switch, Text } from "@mantine/core";
import { IconChecks } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { NotificationType } from "../../../../common/schemas/chatList.ts";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import {
  fetchNotifications,
  markAllNotificationsRead,
  notificationKeys,
  PAGE_COUNT,
} from "../../features/notifications/api.ts";
import { NotificationItem } from "../../features/notifications/NotificationItem.tsx";
import { showError } from "../../ui/errorDialogStore.ts";
import { usePagerLabels } from "../../ui/usePagerLabels.ts";

const PAGE_SIZES = ["10", "25", "50", "100"];
type TypeFilter = NotificationType | "all";

export default function NotificationsPage() {
  const { t } = useTranslation("notifications");
  const pagerLabels = usePagerLabels();
  const title = t("title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  const queryClient = useQueryClient();
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [type, setType] = useState<TypeFilter>("all");
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(10);
  const list = useQuery({
    queryKey: notificationKeys.list(PAGE_COUNT, unreadOnly, type),
    queryFn: () => fetchNotifications(PAGE_COUNT, unreadOnly, type),
  });
  const markAll = useMutation({
    mutationFn: markAllNotificationsRead,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
    onError: (error) => showError(error),
  });
  const rows = list.data?.notifications ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / perPage));
  const current = Math.min(page, pages);
  const shown = rows.slice((current - 1) * perPage, current * perPage);

  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap">
          <Group gap="xs">
            <Badge size="lg" color="red" variant="light" data-testid="notifications-unread-count">
              {t("unread_count", { count: list.data?.unread ?? 0 })}
            </Badge>
            <Badge size="lg" color="gray" variant="light" data-testid="notifications-total-count">
              {t("total_count", { count: list.data?.total ?? 0 })}
            </Badge>
          </Group>
          <Button
            leftSection={<IconChecks size={16} />}
            onClick={() => markAll.mutate()}
            loading={markAll.isPending}
            disabled={(list.data?.unread ?? 0) === 0}
            data-testid="notifications-mark-all-read"
          >
            {t("mark_all_read")}
          </Button>
        </Group>
        <Group gap="md" wrap="wrap">
          <Switch
            label={t("unread_only")}
            checked={unreadOnly}
            onChange={(e) => {
              setUnreadOnly(e.currentTarget.checked);
              setPage(1);
            }}
            data-testid="notifications-unread-toggle"
          />
          <SegmentedControl
            value={type}
            onChange={(value) => {
              setType(value as TypeFilter);
              setPage(1);
            }}
            data={[
              { value: "all", label: t("filter.all") },
              { value: "assignment", label: t("types.assignment") },
              { value: "new_message", label: t("types.new_message") },
              { value: "tag", label: t("types.tag") },
              { value: "hold_expired", label: t("types.hold_expired") },
            ]}
            data-testid="notifications-type-filter"
          />
        </Group>
        <Paper withBorder radius="md" p="xs">
          <Stack gap={4} data-testid="notifications-list">
            {!list.isLoading && shown.length === 0 && (
              <Text c="dimmed" ta="center" py="lg">
                {t("empty")}
              </Text>
            )}
            {shown.map((n) => (
              <NotificationItem key={n.id} notification={n} />
            ))}
          </Stack>
        </Paper>
        <Group justify="space-between" wrap="wrap">
          <Select
            label={t("per_page")}
            data={PAGE_SIZES}
            value={String(perPage)}
            onChange={(v) => {
              setPerPage(Number(v ?? 10));
              setPage(1);
            }}
            allowDeselect={false}
            w={120}
          />
          <Pagination
            {...pagerLabels}
            total={pages}
            value={current}
            onChange={setPage}
            data-testid="notifications-pagination"
          />
        </Group>
      </Stack>
    </>
  );
}
