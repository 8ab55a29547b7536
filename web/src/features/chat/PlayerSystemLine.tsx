/** A status line of the player's chat (resolved, reopened…), in the middle of the conversation. */
import { Divider, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../ui/formatDate.ts";
import type { ChatMessage } from "./api.ts";

export function PlayerSystemLine({ message }: { message: ChatMessage }) {
  const { t } = useTranslation("edit");
  const key =
    message.type === "completion"
      ? `chat.system.completion_${message.completedStatus ?? "RESOLVED"}`
      : `chat.system.${message.type}`;
  return (
    <Divider
      my="xs"
      labelPosition="center"
      data-testid="chat-system-line"
      label={
        <Text size="xs" c="dimmed" ta="center">
          {t(key, { defaultValue: t("chat.system.other") })} · {formatDateTime(message.timestamp)}
        </Text>
      }
    />
  );
}
