/** Renders whichever of the error, ban or warning dialogs the error store holds. */
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconBan } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { isolate } from "./bidi.ts";
import { useStore } from "./createStore.ts";
import { closeErrorDialog, errorDialogStore } from "./errorDialogStore.ts";
import { formatDateTime } from "./formatDate.ts";
import { useErrorText } from "./useErrorText.ts";

export function ErrorDialogHost() {
  const state = useStore(errorDialogStore);
  const { t } = useTranslation("errors");
  const errorText = useErrorText();
  if (!state) return null;

  let title: string;
  let body: React.ReactNode;
  if (state.kind === "ban") {
    title = t("ban_dialog_title");
    body = (
      <Stack gap="xs">
        <Text fw={600}>{t(`status_word.${state.ban.status}`, { defaultValue: state.ban.status })}</Text>
        <Text>{errorText(state.ban.message)}</Text>
        {state.ban.until !== -1 && (
          <Text size="sm" c="dimmed">
            {t("ban_until", { date: isolate(formatDateTime(state.ban.until)) })}
          </Text>
        )}
        {state.ban.until === -1 && (
          <Text size="sm" c="dimmed">
            {t("ban_indefinite")}
          </Text>
        )}
      </Stack>
    );
  } else if (state.kind === "warning") {
    title = t("status_word.WARNING");
    body = <Text>{errorText(state.message)}</Text>;
  } else {
    title = t("error_title");
    body = (
      <Stack gap="xs">
        {state.status !== null && state.status > 0 && (
          <Text fw={600}>
            {t(`http_status.${state.status}`, { defaultValue: t("http_status.other", { status: state.status }) })}
          </Text>
        )}
        <Text>{errorText(state.message, state.code, state.context)}</Text>
      </Stack>
    );
  }

  const icon = state.kind === "ban" ? <IconBan size={22} /> : <IconAlertTriangle size={22} />;
  return (
    <Modal
      opened
      onClose={closeErrorDialog}
      centered
      zIndex={400}
      title={
        <Group gap="xs">
          <Text c={state.kind === "error" ? "red" : "yellow"} display="flex">
            {icon}
          </Text>
          <Text fw={700}>{title}</Text>
        </Group>
      }
    >
      {body}
      <Group justify="flex-end" mt="lg">
        <Button onClick={closeErrorDialog}>{t("common:close")}</Button>
      </Group>
    </Modal>
  );
}
