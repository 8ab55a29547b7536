/**
 * Quick replies by `/` in the staff reply box: a `/` at the start of the text or of a line opens
 * the replies the quick-reply panel offers for the ticket's category, filtered by the words typed
 * after it. Arrows move, Enter or a click puts the reply in place of the `/words` (the caret after
 * it, the focus kept in the box), Escape closes the list until the next `/`.
 */
import { Combobox, Text, useCombobox } from "@mantine/core";
import { cloneElement, type KeyboardEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ReplyTextControl } from "../chat/ReplyBox.tsx";
import { filterQuickReplies, slashQuery, useQuickReplies } from "./quickReplies.ts";
import "./QuickReplySlash.css";

/** The most replies the list shows at once; more words narrow it. */
const SHOWN = 8;
/** The keys the open list takes before the reply box (which sends on Enter). */
const LIST_KEYS = new Set(["ArrowDown", "ArrowUp", "Enter", "Escape"]);

export function QuickReplySlash({ category, control }: { category: number; control: ReplyTextControl }) {
  const { t } = useTranslation("staffChat");
  const { input, text, caret, replace } = control;
  const slash = slashQuery(text, caret);
  const replies = useQuickReplies(category);
  // A list closed with Escape (or by leaving the box) stays closed for that `/`.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const shown = slash ? filterQuickReplies(replies.data ?? [], slash.query).slice(0, SHOWN) : [];
  const open = slash !== null && dismissed !== slash.start && shown.length > 0;
  const combobox = useCombobox({
    opened: open,
    onOpenedChange: (opened) => {
      if (!opened && slash) setDismissed(slash.start);
    },
  });

  useEffect(() => {
    if (slash === null && dismissed !== null) setDismissed(null);
  }, [slash, dismissed]);

  // The first reply is the one Enter takes, until the arrows choose another.
  const firstId = shown[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the store's functions are stable
  useEffect(() => {
    if (open) combobox.selectFirstOption();
  }, [open, firstId, slash?.query]);

  const pick = (id: string) => {
    const reply = shown.find((r) => String(r.id) === id);
    if (!reply || !slash) return;
    replace(slash.start, caret, reply.message);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Shift+Enter starts a line, as ever: with nothing chosen, Combobox.Target picks nothing.
    if (open && event.key === "Enter" && event.shiftKey) combobox.resetSelectedOption();
    if (open && LIST_KEYS.has(event.key) && !event.shiftKey && !event.nativeEvent.isComposing) {
      // Combobox.Target moves, picks and closes after this; with nothing chosen, Enter takes the first.
      if (event.key === "Enter" && combobox.getSelectedOptionIndex() === -1 && firstId !== undefined) {
        event.preventDefault();
        pick(String(firstId));
      }
      return;
    }
    input.props.onKeyDown?.(event);
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={pick}
      position="top-start"
      width="target"
      shadow="md"
      resetSelectionOnOptionHover={false}
    >
      <Combobox.Target>
        {cloneElement(input, {
          onKeyDown,
          onBlur: () => {
            if (open && slash) setDismissed(slash.start);
          },
        })}
      </Combobox.Target>
      <Combobox.Dropdown data-testid="quick-reply-slash">
        <Combobox.Header>
          <Text size="xs" c="dimmed">
            {t("quick.title")}
          </Text>
        </Combobox.Header>
        <Combobox.Options aria-label={t("quick.title")} mah={280} style={{ overflowY: "auto" }}>
          {shown.map((reply) => (
            <Combobox.Option
              key={reply.id}
              value={String(reply.id)}
              className="hd-quick-slash-option"
              data-testid="quick-reply-slash-option"
            >
              {/* Replies are written in one language: each keeps its own direction. */}
              <Text size="sm" fw={600} dir="auto" truncate>
                {reply.title}
              </Text>
              <Text size="xs" c="dimmed" dir="auto" lineClamp={1}>
                {reply.message}
              </Text>
            </Combobox.Option>
          ))}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
