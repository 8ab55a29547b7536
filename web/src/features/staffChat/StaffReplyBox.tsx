/**
 * The staff reply box (spec 2 §2, §4, §5): no length counter, up to five files with the upload
 * checks, and three buttons: Send, Send and resolve, Send and close. The page is asked first
 * (warnings, the reopen modal; false cancels), the message goes by socket (by HTTP with files),
 * then the page completes the ticket for resolve / close.
 */
import { Box, Button, CloseButton, Group, Stack, Text, Textarea, useDirection } from "@mantine/core";
import { IconCircleCheck, IconCornerDownRight, IconLock, IconSend } from "@tabler/icons-react";
import { type KeyboardEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { STAFF_MESSAGE_MAX } from "../../../../common/schemas/chat.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { AttachmentPicker, useFileSelection } from "../tickets/AttachmentPicker.tsx";
import { reportSubmitError } from "../tickets/submitErrors.ts";
import { type ReplyQuote, type StaffMessage, sendStaffMessage } from "./api.ts";
import type { SendKind } from "./StaffChatPanel.tsx";

interface StaffReplyBoxProps {
  chatId: string;
  /** The ticket is resolved or closed: Send and resolve / Send and close are off. */
  ended: boolean;
  /** The ticket's category no longer exists: nothing can be sent. */
  disabled: boolean;
  replyTo: ReplyQuote | null;
  onClearReply(): void;
  insert: { text: string } | null;
  onBeforeSend(kind: SendKind): Promise<boolean>;
  onAfterSend(kind: SendKind): Promise<void>;
  onSent(message: StaffMessage): void;
}

export function StaffReplyBox(props: StaffReplyBoxProps) {
  const { chatId, ended, disabled, replyTo, onClearReply, insert, onBeforeSend, onAfterSend, onSent } = props;
  const { t } = useTranslation("staffChat");
  const { dir } = useDirection();
  const { socket } = useSocket();
  const [text, setText] = useState("");
  const [sending, setSending] = useState<SendKind | null>(null);
  const files = useFileSelection();
  const trimmed = text.trim();
  const hasContent = trimmed.length > 0 || files.files.length > 0;
  const canSend = !disabled && sending === null && hasContent && text.length <= STAFF_MESSAGE_MAX;

  useEffect(() => {
    if (insert) setText((current) => (current.trim() ? `${current.trimEnd()}\n${insert.text}` : insert.text));
  }, [insert]);

  const send = async (kind: SendKind) => {
    if (!canSend) return;
    setSending(kind);
    try {
      if (!(await onBeforeSend(kind))) return;
      const message = await sendStaffMessage(socket, chatId, trimmed, replyTo, files.files);
      onSent(message);
      setText("");
      files.clear();
      onClearReply();
      await onAfterSend(kind);
    } catch (error) {
      reportSubmitError(error, {
        onFilesRefused: (reason) => {
          files.setFiles([]);
          files.setError(reason === "type" ? "unacceptable_file_type" : null);
        },
      });
    } finally {
      setSending(null);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send("plain");
    }
  };

  const flip = dir === "rtl" ? { transform: "scaleX(-1)" } : undefined;
  return (
    <Stack gap={6} data-testid="staff-reply-box">
      {replyTo && (
        <Group
          gap="xs"
          wrap="nowrap"
          px="xs"
          py={4}
          style={{ borderInlineStart: "3px solid var(--mantine-color-blue-filled)", borderRadius: 4 }}
          bg="var(--mantine-color-default-hover)"
          data-testid="staff-reply-preview"
        >
          <IconCornerDownRight size={16} style={{ flexShrink: 0, ...flip }} />
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
      {disabled && (
        <Text size="sm" c="orange" role="status" data-testid="staff-reply-no-category">
          {t("chat.category_missing")}
        </Text>
      )}
      <Textarea
        aria-label={t("chat.message_label")}
        placeholder={t("chat.placeholder")}
        description={t("chat.enter_hint")}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        dir="auto"
        autosize
        minRows={3}
        maxRows={10}
        maxLength={STAFF_MESSAGE_MAX}
        disabled={disabled || sending !== null}
        data-testid="staff-reply-input"
      />
      <AttachmentPicker selection={files} disabled={disabled || sending !== null} compact />
      <Group gap="xs" justify="flex-end">
        <Button
          variant="light"
          color="green"
          leftSection={<IconCircleCheck size={16} />}
          onClick={() => void send("resolve")}
          loading={sending === "resolve"}
          disabled={!canSend || ended}
          data-testid="staff-send-resolve"
        >
          {t("chat.send_resolve")}
        </Button>
        <Button
          variant="light"
          color="gray"
          leftSection={<IconLock size={16} />}
          onClick={() => void send("close")}
          loading={sending === "close"}
          disabled={!canSend || ended}
          data-testid="staff-send-close"
        >
          {t("chat.send_close")}
        </Button>
        <Button
          leftSection={<IconSend size={16} style={flip} />}
          onClick={() => void send("plain")}
          loading={sending === "plain"}
          disabled={!canSend}
          data-testid="staff-send"
        >
          {t("chat.send")}
        </Button>
      </Group>
    </Stack>
  );
}
