/**
 * The reply box of either audience (chat/audience.ts; spec/1-product-frame.md §2, spec/2-staff-ticket-work.md §4, §5): the quote being
 * answered, the text (the player's 500 characters with the counter; staff's limit unshown), up to
 * five files with the upload checks, Enter sends and Shift+Enter breaks the line; a message needs
 * text or a file. Staff also get Send and resolve / Send and close: the page is asked first
 * (warnings, the reopen modal; false cancels) and completes the ticket after the message is stored.
 */
import { ActionIcon, Box, Button, CloseButton, Group, Stack, Text, Textarea, useDirection } from "@mantine/core";
import { IconCircleCheck, IconCornerDownRight, IconLock, IconSend } from "@tabler/icons-react";
import { type ChangeEvent, type KeyboardEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useTypingSignal } from "../../realtime/typingSignal.ts";
import { AttachmentPicker, useFileSelection } from "../tickets/AttachmentPicker.tsx";
import { LimitedTextarea } from "../tickets/LimitedInputs.tsx";
import { refuseUpload, reportSubmitError } from "../tickets/submitErrors.ts";
import type { ReplyQuote } from "./api.ts";
import type { ChatAudience, ChatLine } from "./audience.ts";
import { PendingSend } from "./pendingSend.ts";

/** plain: Send; resolve / close: submit-and-resolve / submit-and-close (spec/2-staff-ticket-work.md §4). */
export type SendKind = "plain" | "resolve" | "close";

const COMPLETING_SENDS = [
  { kind: "resolve", label: "chat.send_resolve", Icon: IconCircleCheck, color: "green" },
  { kind: "close", label: "chat.send_close", Icon: IconLock, color: "gray" },
] as const;

export interface ReplyBoxProps<M extends ChatLine> {
  audience: ChatAudience<M>;
  chatId: string;
  replyTo: ReplyQuote | null;
  onClearReply(): void;
  onSent(message: M): void;
  /** Why nothing can be sent (staff: the ticket's category is gone); set, the box is off. */
  disabledReason?: string | null;
  /** Text to put into the box (a picked quick reply); a new object each time. */
  insert?: { text: string } | null;
  /** Offers Send and resolve / Send and close (staff); `disabled` once the ticket has ended. */
  completingSends?: { disabled: boolean };
  /** Asked before a message goes out; false cancels the send. */
  onBeforeSend?(kind: SendKind): Promise<boolean>;
  /** After the message was stored. */
  onAfterSend?(kind: SendKind): Promise<void>;
}

export function ReplyBox<M extends ChatLine>(props: ReplyBoxProps<M>) {
  const { audience, chatId, replyTo, onClearReply, onSent, disabledReason, insert, completingSends } = props;
  const { t } = useTranslation(audience.ns);
  const { dir } = useDirection();
  const { socket } = useSocket();
  const typingSignal = useTypingSignal();
  const [text, setText] = useState("");
  const [sending, setSending] = useState<SendKind | null>(null);
  const files = useFileSelection();
  const pending = useRef(new PendingSend());
  const id = (name: string) => `${audience.testIdPrefix}${name}`;
  const { limit, counter, minRows, maxRows } = audience.reply;
  const off = !!disabledReason;
  const trimmed = text.trim();
  const canSend = !off && sending === null && text.length <= limit && (trimmed.length > 0 || files.files.length > 0);

  useEffect(() => {
    if (insert) setText((current) => (current.trim() ? `${current.trimEnd()}\n${insert.text}` : insert.text));
  }, [insert]);

  const send = async (kind: SendKind) => {
    if (!canSend) return;
    setSending(kind);
    try {
      if (props.onBeforeSend && !(await props.onBeforeSend(kind))) return;
      const clientId = pending.current.idFor({
        text: trimmed,
        replyToId: replyTo?.id ?? null,
        files: files.files.map((f) => ({ name: f.name, size: f.size })),
      });
      const message = await audience.send(socket, chatId, trimmed, replyTo, files.files, clientId);
      pending.current.sent();
      onSent(message);
      setText("");
      files.clear();
      onClearReply();
      await props.onAfterSend?.(kind);
    } catch (error) {
      reportSubmitError(error, { onFilesRefused: (reason, file) => refuseUpload(files, reason, file) });
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

  // The arrows point the way the text runs.
  const flip = dir === "rtl" ? { transform: "scaleX(-1)" } : undefined;
  const textProps = {
    "aria-label": t("chat.message_label"),
    placeholder: t("chat.placeholder"),
    description: t("chat.enter_hint"),
    value: text,
    onChange: (event: ChangeEvent<HTMLTextAreaElement>) => {
      setText(event.currentTarget.value);
      typingSignal("reply");
    },
    onKeyDown,
    dir: "auto",
    autosize: true,
    minRows,
    maxRows,
    disabled: off || sending !== null,
    "data-testid": id("reply-input"),
  } as const;
  const sendButton = (
    <Button
      leftSection={<IconSend size={16} style={flip} />}
      onClick={() => void send("plain")}
      loading={sending === "plain"}
      disabled={!canSend}
      visibleFrom={completingSends ? undefined : "xs"}
      data-testid={audience.sendTestId}
    >
      {t("chat.send")}
    </Button>
  );

  return (
    <Stack gap={6} data-testid={id("reply-box")}>
      {replyTo && (
        <Group
          gap="xs"
          wrap="nowrap"
          px="xs"
          py={4}
          style={{ borderInlineStart: "3px solid var(--mantine-color-blue-filled)", borderRadius: 4 }}
          bg="var(--mantine-color-default-hover)"
          data-testid={id("reply-preview")}
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
      {disabledReason && (
        <Text size="sm" c="orange" role="status" data-testid={id("reply-disabled")}>
          {disabledReason}
        </Text>
      )}
      {counter ? <LimitedTextarea {...textProps} limit={limit} /> : <Textarea {...textProps} maxLength={limit} />}
      {completingSends ? (
        <>
          <AttachmentPicker selection={files} disabled={off || sending !== null} compact />
          <Group gap="xs" justify="flex-end">
            {COMPLETING_SENDS.map(({ kind, label, Icon, color }) => (
              <Button
                key={kind}
                variant="light"
                color={color}
                leftSection={<Icon size={16} />}
                onClick={() => void send(kind)}
                loading={sending === kind}
                disabled={!canSend || completingSends.disabled}
                data-testid={id(`send-${kind}`)}
              >
                {t(label)}
              </Button>
            ))}
            {sendButton}
          </Group>
        </>
      ) : (
        <AttachmentPicker
          selection={files}
          disabled={off || sending !== null}
          compact
          trailing={
            <>
              {sendButton}
              <ActionIcon
                onClick={() => void send("plain")}
                loading={sending !== null}
                disabled={!canSend}
                size="lg"
                hiddenFrom="xs"
                aria-label={t("chat.send")}
              >
                <IconSend size={18} style={flip} />
              </ActionIcon>
            </>
          }
        />
      )}
    </Stack>
  );
}
