/**
 * The reply box of either audience (chat/audience.ts; spec/1-product-frame.md §2, spec/2-staff-ticket-work.md §4, §5): the quote being
 * answered, the text (the player's 500 characters with the counter; staff's limit unshown), up to
 * five files with the upload checks, Enter sends and Shift+Enter breaks the line; a message needs
 * text or a file. Staff also get Send and resolve / Send and close: the page is asked first
 * (warnings, the reopen modal; false cancels) and completes the ticket after the message is stored,
 * and the page's helpers around the text (the quick replies: a list by `/`, a button beside it).
 */
import { ActionIcon, Box, Button, CloseButton, Group, Stack, Text, Textarea, useDirection } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { IconCircleCheck, IconCornerDownRight, IconLock, IconSend } from "@tabler/icons-react";
import {
  type ChangeEvent,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  type SyntheticEvent,
  useEffect,
  useRef,
  useState,
} from "react";
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

/** The text box as a helper around it sees it (ReplyBoxProps.assist). */
export interface ReplyTextControl {
  /** The text box, for the helper to draw (it may wrap it, and take its keys first). */
  input: ReactElement<{ onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void; onBlur?: () => void }>;
  text: string;
  /** Where the caret stands in the text. */
  caret: number;
  /** Puts `insert` in place of text[from, to), the caret after it and the focus in the box. */
  replace(from: number, to: number, insert: string): void;
}

export interface ReplyBoxProps<M extends ChatLine> {
  audience: ChatAudience<M>;
  chatId: string;
  replyTo: ReplyQuote | null;
  onClearReply(): void;
  onSent(message: M): void;
  /** Why nothing can be sent (staff: the ticket's category is gone); set, the box is off. */
  disabledReason?: string | null;
  /** Text to add to the box (a picked quick reply), which then takes the focus; a new object each time. */
  insert?: { text: string } | null;
  /** The text box's element, for the page to move the focus to it. */
  inputRef?: Ref<HTMLTextAreaElement>;
  /** Draws the text box with a helper around it (staff: the quick replies by `/`). */
  assist?(control: ReplyTextControl): ReactNode;
  /** Beside the attachment button, at its row's end (staff: the quick replies button). */
  tools?: ReactNode;
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
  const [caret, setCaret] = useState(0);
  const input = useRef<HTMLTextAreaElement>(null);
  const mergedInputRef = useMergedRef(input, props.inputRef);
  const [sending, setSending] = useState<SendKind | null>(null);
  const files = useFileSelection();
  const pending = useRef(new PendingSend());
  const id = (name: string) => `${audience.testIdPrefix}${name}`;
  const { limit, counter, minRows, maxRows } = audience.reply;
  const off = !!disabledReason;
  const trimmed = text.trim();
  const canSend = !off && sending === null && text.length <= limit && (trimmed.length > 0 || files.files.length > 0);

  /** Focus in the box, the caret at `position` (once the new text is drawn). */
  const focusAt = (position: number) => {
    setCaret(position);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(position, position);
    });
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for each new text to add
  useEffect(() => {
    if (!insert) return;
    const next = text.trim() ? `${text.trimEnd()}\n${insert.text}` : insert.text;
    setText(next);
    typingSignal("reply");
    focusAt(next.length);
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
      setCaret(event.currentTarget.selectionStart ?? event.currentTarget.value.length);
      typingSignal("reply");
    },
    onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => setCaret(event.currentTarget.selectionStart ?? 0),
    onKeyDown,
    dir: "auto",
    autosize: true,
    minRows,
    maxRows,
    disabled: off || sending !== null,
    "data-testid": id("reply-input"),
  } as const;
  const textBox = counter ? (
    <LimitedTextarea {...textProps} ref={mergedInputRef} limit={limit} />
  ) : (
    <Textarea {...textProps} ref={mergedInputRef} maxLength={limit} />
  );
  const replace = (from: number, to: number, insertText: string) => {
    const next = `${text.slice(0, from)}${insertText}${text.slice(to)}`;
    setText(next);
    typingSignal("reply");
    focusAt(from + insertText.length);
  };
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
      {props.assist ? props.assist({ input: textBox, text, caret, replace }) : textBox}
      {completingSends ? (
        <>
          <AttachmentPicker selection={files} disabled={off || sending !== null} compact trailing={props.tools} />
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
