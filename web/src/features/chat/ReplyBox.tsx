/**
 * The player's reply (spec 1 §2, spec 2 §5): at most 500 characters with the counter, up to five
 * files with the same checks as a new ticket, Enter sends and Shift+Enter breaks the line. A
 * message needs text or a file.
 */
import { ActionIcon, Box, Button, CloseButton, Group, Stack, Text, useDirection } from "@mantine/core";
import { IconCornerDownRight, IconSend } from "@tabler/icons-react";
import { type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../../common/constants.ts";
import { AttachmentPicker, useFileSelection } from "../tickets/AttachmentPicker.tsx";
import { LimitedTextarea } from "../tickets/LimitedInputs.tsx";
import { reportSubmitError } from "../tickets/submitErrors.ts";
import { type ChatMessage, type ReplyQuote, sendChatMessage } from "./api.ts";

interface ReplyBoxProps {
  chatId: string;
  replyTo: ReplyQuote | null;
  onClearReply(): void;
  onSent(message: ChatMessage): void;
}

export function ReplyBox({ chatId, replyTo, onClearReply, onSent }: ReplyBoxProps) {
  const { t } = useTranslation("edit");
  const { dir } = useDirection();
  // The paper plane points the way the text runs.
  const sendIconStyle = dir === "rtl" ? { transform: "scaleX(-1)" } : undefined;
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const files = useFileSelection();
  const trimmed = text.trim();
  const canSend = !sending && text.length <= LIMITS.playerReply && (trimmed.length > 0 || files.files.length > 0);

  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      const message = await sendChatMessage(chatId, trimmed, replyTo, files.files);
      onSent(message);
      setText("");
      files.clear();
      onClearReply();
    } catch (error) {
      reportSubmitError(error, {
        onFilesRefused: (reason) => {
          files.setFiles([]);
          files.setError(reason === "type" ? "unacceptable_file_type" : null);
        },
      });
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap={6} data-testid="reply-box">
      {replyTo && (
        <Group
          gap="xs"
          wrap="nowrap"
          px="xs"
          py={4}
          style={{ borderInlineStart: "3px solid var(--mantine-color-blue-filled)", borderRadius: 4 }}
          bg="var(--mantine-color-default-hover)"
          data-testid="reply-preview"
        >
          <IconCornerDownRight size={16} style={{ flexShrink: 0 }} />
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text size="xs" fw={600}>
              {t("chat.replying_to", { name: replyTo.sender_name })}
            </Text>
            <Text size="xs" c="dimmed" truncate="end" dir="auto">
              {replyTo.message || t("chat.attachment_only")}
            </Text>
          </Box>
          <CloseButton size="sm" onClick={onClearReply} aria-label={t("chat.cancel_reply")} />
        </Group>
      )}
      <LimitedTextarea
        aria-label={t("chat.message_label")}
        placeholder={t("chat.placeholder")}
        description={t("chat.enter_hint")}
        value={text}
        limit={LIMITS.playerReply}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        dir="auto"
        autosize
        minRows={2}
        maxRows={6}
        disabled={sending}
        data-testid="reply-input"
      />
      <AttachmentPicker
        selection={files}
        disabled={sending}
        compact
        trailing={
          <>
            <Button
              onClick={() => void send()}
              loading={sending}
              disabled={!canSend}
              leftSection={<IconSend size={16} style={sendIconStyle} />}
              visibleFrom="xs"
              data-testid="send-message"
            >
              {t("chat.send")}
            </Button>
            <ActionIcon
              onClick={() => void send()}
              loading={sending}
              disabled={!canSend}
              size="lg"
              hiddenFrom="xs"
              aria-label={t("chat.send")}
            >
              <IconSend size={18} style={sendIconStyle} />
            </ActionIcon>
          </>
        }
      />
    </Stack>
  );
}
