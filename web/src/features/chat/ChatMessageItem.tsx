/**
 * One chat line as a player sees it: their own messages at the end side, staff ('GM') messages
 * at the start side (so Arabic mirrors), with time, quoted reply and attachments. Status lines
 * (resolved, reopened…) sit in the middle.
 */
import { ActionIcon, Badge, Box, Divider, Group, Paper, Stack, Text, Tooltip, useDirection } from "@mantine/core";
import { IconArrowBackUp } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../ui/formatDate.ts";
import { AttachmentGallery } from "../tickets/AttachmentGallery.tsx";
import type { ChatMessage } from "./api.ts";

function SystemLine({ message }: { message: ChatMessage }) {
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

interface ChatMessageItemProps {
  message: ChatMessage;
  onReply?(message: ChatMessage): void;
}

export function ChatMessageItem({ message, onReply }: ChatMessageItemProps) {
  const { t } = useTranslation("edit");
  const { dir } = useDirection();
  if (message.type !== "message") return <SystemLine message={message} />;
  const own = message.user_class === "user";
  return (
    <Group
      justify={own ? "flex-end" : "flex-start"}
      wrap="nowrap"
      align="flex-start"
      gap={4}
      data-testid={own ? "chat-message-own" : "chat-message-staff"}
      data-message-id={message.id}
    >
      <Stack gap={4} maw={{ base: "88%", sm: "75%" }} align={own ? "flex-end" : "flex-start"}>
        <Group gap={6} wrap="nowrap">
          {!own && (
            <Badge size="xs" color="violet" variant="filled">
              {t("chat.gm")}
            </Badge>
          )}
          <Text size="xs" fw={600}>
            {own ? t("chat.you") : message.sender_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.timestamp)}
          </Text>
        </Group>
        <Paper
          px="sm"
          py={8}
          radius="lg"
          style={{
            background: own ? "var(--mantine-color-blue-light)" : "var(--mantine-color-default-hover)",
            border: "1px solid var(--mantine-color-default-border)",
            // The corner nearest the speaker stays sharp; logical properties mirror in RTL.
            ...(own ? { borderEndEndRadius: 4 } : { borderEndStartRadius: 4 }),
            minWidth: 0,
            maxWidth: "100%",
          }}
        >
          <Stack gap={6}>
            {message.reply_to && (
              <Box
                px="xs"
                py={4}
                style={{
                  borderInlineStart: "3px solid var(--mantine-color-blue-filled)",
                  background: "var(--mantine-color-body)",
                  borderRadius: 4,
                }}
                data-testid="chat-reply-quote"
              >
                <Text size="xs" fw={600}>
                  {message.reply_to.sender_name}
                </Text>
                <Text
                  size="xs"
                  c="dimmed"
                  lineClamp={2}
                  dir="auto"
                  fs={message.reply_to.deleted ? "italic" : undefined}
                >
                  {message.reply_to.deleted ? t("chat.deleted") : message.reply_to.message || t("chat.attachment_only")}
                </Text>
              </Box>
            )}
            {message.deleted ? (
              <Text size="sm" fs="italic" c="dimmed">
                {t("chat.deleted")}
              </Text>
            ) : (
              message.message && (
                <Text
                  size="sm"
                  dir="auto"
                  style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                  data-testid="chat-text"
                >
                  {message.message}
                </Text>
              )
            )}
            {!message.deleted && <AttachmentGallery urls={message.attachments} size={80} zoom />}
          </Stack>
        </Paper>
        {message.edited && !message.deleted && (
          <Text size="xs" c="dimmed">
            {t("chat.edited")}
          </Text>
        )}
      </Stack>
      {onReply && !message.deleted && (
        <Tooltip label={t("chat.reply")} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            mt={22}
            onClick={() => onReply(message)}
            aria-label={t("chat.reply")}
            style={{ order: own ? -1 : 1 }}
          >
            <IconArrowBackUp size={16} style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
