/**
 * The desk-wide settings (docs/decisions/assignment.md), on the preferences page of whoever the
 * server says may change them (`may_change`: the admin rank). Each switch saves at once.
 */
import { Paper, Stack, Switch, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ChangeDeskSettingsBody } from "../../../../common/schemas/deskSettings.ts";
import { api } from "../../api/client.ts";
import { showError } from "../../ui/errorDialogStore.ts";

const deskSettingsKey = ["misc", "desk-settings"] as const;

export function DeskSettings() {
  const { t } = useTranslation("account");
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: deskSettingsKey, queryFn: () => api.call("fetchDeskSettings") });
  const change = useMutation({
    mutationFn: (body: ChangeDeskSettingsBody) => api.call("changeDeskSettings", body),
    onSuccess: (answer) => {
      queryClient.setQueryData(deskSettingsKey, answer);
      notifications.show({ message: t("desk.saved"), color: "green", autoClose: 3000 });
    },
    onError: showError,
  });
  if (!settings.data?.may_change) return null;
  const current = settings.data.settings;
  return (
    <Paper withBorder radius="md" p="md" data-testid="desk-settings">
      <Stack gap="md">
        <div>
          <Title order={4}>{t("desk.title")}</Title>
          <Text size="sm" c="dimmed">
            {t("desk.subtitle")}
          </Text>
        </div>
        <Switch
          label={t("desk.assign_on_first_reply.label")}
          description={t("desk.assign_on_first_reply.description")}
          checked={current.assign_on_first_reply}
          disabled={change.isPending}
          onChange={(event) => change.mutate({ assign_on_first_reply: event.currentTarget.checked })}
          data-testid="desk-assign_on_first_reply"
        />
      </Stack>
    </Paper>
  );
}
