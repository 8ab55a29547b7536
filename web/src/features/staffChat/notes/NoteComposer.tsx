/**
 * The note box: Enter sends, Shift+Enter starts a new line, and typing `@` offers the staff
 * names that fit what follows it (arrows and Enter pick one, Escape closes the list).
 */
import { Avatar, Button, CloseButton, Group, Paper, Stack, Text, Textarea, UnstyledButton } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { IconSend } from "@tabler/icons-react";
import { type KeyboardEvent, type Ref, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useTypingSignal } from "../../../realtime/typingSignal.ts";
import type { Note, StaffEntry } from "./api.ts";

/** The `@…` being typed right before the caret, if any. */
const MENTION = /(?:^|[^\p{L}\p{N}_])@([^\n@]{0,40})$/u;
const SHOWN = 6;

interface NoteComposerProps {
  staff: readonly StaffEntry[];
  selfId: number | undefined;
  replyTo: Note | null;
  onCancelReply(): void;
  onSend(text: string): Promise<boolean>;
  /** The note box's element, for the page to move the focus to it. */
  inputRef?: Ref<HTMLTextAreaElement>;
}

export function NoteComposer({ staff, selfId, replyTo, onCancelReply, onSend, inputRef }: NoteComposerProps) {
  const { t } = useTranslation("staffChat");
  const typingSignal = useTypingSignal();
  const [value, setValue] = useState("");
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [sending, setSending] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const mergedInputRef = useMergedRef(input, inputRef);

  const query = MENTION.exec(value.slice(0, caret))?.[1];
  const suggestions = useMemo(() => {
    if (query === undefined || dismissed) return [];
    const q = query.toLowerCase();
    return staff
      .filter((s) => s.id !== selfId && s.name.toLowerCase().startsWith(q) && s.name.length > 0)
      .slice(0, SHOWN);
  }, [query, dismissed, staff, selfId]);

  const update = (text: string, position: number) => {
    setValue(text);
    setCaret(position);
    setActive(0);
    setDismissed(false);
  };

  const pick = (entry: StaffEntry) => {
    if (query === undefined) return;
    const start = caret - query.length;
    const next = `${value.slice(0, start)}${entry.name} ${value.slice(caret)}`;
    const position = start + entry.name.length + 1;
    update(next, position);
    requestAnimationFrame(() => {
      input.current?.focus();
      input.current?.setSelectionRange(position, position);
    });
  };

  const send = async () => {
    const text = value.trim();
    if (!text || sending) return;
    setSending(true);
    try {
      if (await onSend(text)) update("", 0);
    } finally {
      setSending(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (suggestions.length) {
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((i) => (i + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        const entry = suggestions[active];
        if (entry) pick(entry);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissed(true);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Stack gap={4}>
      {replyTo && (
        <Paper px="xs" py={4} withBorder data-testid="note-reply-preview">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text size="xs" lineClamp={1} dir="auto">
              {t("notes.replying_to", { name: replyTo.sender_name })}: {replyTo.message}
            </Text>
            <CloseButton size="sm" aria-label={t("notes.cancel")} onClick={onCancelReply} />
          </Group>
        </Paper>
      )}
      {suggestions.length > 0 && (
        <Paper
          withBorder
          shadow="sm"
          p={4}
          role="listbox"
          aria-label={t("notes.suggestions")}
          data-testid="note-suggestions"
        >
          {suggestions.map((entry, index) => (
            <UnstyledButton
              key={entry.id}
              role="option"
              aria-selected={index === active}
              w="100%"
              px="xs"
              py={4}
              style={{
                borderRadius: 4,
                background: index === active ? "var(--mantine-color-default-hover)" : undefined,
              }}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(entry)}
              data-testid="note-suggestion"
            >
              <Group gap="xs" wrap="nowrap">
                <Avatar src={entry.avatar || null} size={20} radius="xl" />
                <Text size="sm">{entry.name}</Text>
              </Group>
            </UnstyledButton>
          ))}
        </Paper>
      )}
      <Textarea
        ref={mergedInputRef}
        autosize
        minRows={2}
        maxRows={6}
        dir="auto"
        placeholder={t("notes.placeholder")}
        aria-label={t("notes.placeholder")}
        value={value}
        onChange={(e) => {
          update(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length);
          typingSignal("note");
        }}
        onSelect={(e) => setCaret(e.currentTarget.selectionStart ?? 0)}
        onKeyDown={onKeyDown}
        data-testid="note-input"
      />
      <Group justify="flex-end">
        <Button
          size="xs"
          leftSection={<IconSend size={14} />}
          loading={sending}
          disabled={!value.trim()}
          onClick={() => void send()}
          data-testid="note-send"
        >
          {t("notes.send")}
        </Button>
      </Group>
    </Stack>
  );
}
