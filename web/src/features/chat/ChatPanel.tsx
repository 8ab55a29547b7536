/**
 * A ticket's chat, for either audience (chat/audience.ts; spec/1-product-frame.md §2, spec/2-staff-ticket-work.md §2): the messages
 * with older pages on demand, following new ones while the reader is at the end and otherwise
 * offering the scroll-to-bottom button (spec/2-staff-ticket-work.md §9: more than 50 px from the end), the quote being
 * written, the edits and deletes of one's own lines where the audience may change them, and below
 * it all what the page puts there (the reply box, or why there is none).
 */
import {
  ActionIcon,
  Badge,
  Button,
  Center,
  Divider,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
} from "@mantine/core";
import { IconArrowDown, IconMessages } from "@tabler/icons-react";
import { Fragment, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_UI } from "../../../../common/chatConstants.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { confirmDelete } from "../../ui/confirmAction.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { useCopyToClipboard } from "../../ui/useCopyToClipboard.ts";
import type { ReplyQuote } from "./api.ts";
import type { ChatAudience, ChatLine } from "./audience.ts";
import { ChatMessageItem, type LineChanges } from "./ChatMessageItem.tsx";
import { continuesGroup } from "./messengerLines.ts";
import { useFillWindowHeight } from "./useFillWindowHeight.ts";
import type { LiveChat } from "./useTicketChat.ts";

/** What the page's reply box needs from the panel. */
export interface ComposerHooks<M> {
  replyTo: ReplyQuote | null;
  onClearReply(): void;
  onSent(message: M): void;
}

interface ChatPanelProps<M extends ChatLine> {
  audience: ChatAudience<M>;
  chatId: string;
  live: LiveChat<M>;
  /** Whether Reply is offered on the lines. */
  canReply: boolean;
  /** A system line (assignment, completion, …) as this audience reads it. */
  systemLine(message: M): ReactNode;
  /** Under the messages: the reply box, or why there is none. */
  composer(hooks: ComposerHooks<M>): ReactNode;
  /** The panel's heading (the chat's title by default). */
  title?: ReactNode;
  /** Before the first message, once the conversation's start is loaded (staff: the ticket's description). */
  lead?: ReactNode;
  /**
   * The panel takes its parent's height (a flex column that the page sizes): the messages scroll
   * between the heading and the reply box.
   */
  fill?: boolean;
}

export function ChatPanel<M extends ChatLine>({
  audience,
  chatId,
  live,
  canReply,
  systemLine,
  composer,
  title,
  lead,
  fill = false,
}: ChatPanelProps<M>) {
  const { t } = useTranslation(audience.ns);
  const { user } = useSession();
  const { socket } = useSocket();
  const { copy } = useCopyToClipboard();
  const { chat, add, loadEarlier, playerOnline } = live;
  const viewport = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  // A messenger panel ends at the window's bottom: the reply box shows without scrolling the page.
  const fillHeight = useFillWindowHeight(panel, audience.messenger, { least: 420, gap: 16 });
  const now = useNow(audience.messenger ? 30_000 : null);
  const [replyTo, setReplyTo] = useState<ReplyQuote | null>(null);
  const [atEnd, setAtEnd] = useState(true);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const messages = chat.data?.chat ?? [];
  const lastId = messages[messages.length - 1]?.id;
  const id = (name: string) => `${audience.testIdPrefix}${name}`;

  useEffect(() => {
    if (chat.error) showError(chat.error);
  }, [chat.error]);

  const scrollToEnd = useCallback((behavior: ScrollBehavior = "auto") => {
    const element = viewport.current;
    if (element) element.scrollTo({ top: element.scrollHeight, behavior });
  }, []);

  // Follow new messages while the reader is at the end; otherwise offer the jump button.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the newest message changes
  useLayoutEffect(() => {
    if (atEnd) scrollToEnd();
  }, [lastId]);

  const onScroll = () => {
    const element = viewport.current;
    if (!element) return;
    setAtEnd(element.scrollHeight - element.scrollTop - element.clientHeight <= CHAT_UI.scrollButtonDistancePx);
  };

  const onSent = (message: M) => {
    add([message]);
    setAtEnd(true);
    requestAnimationFrame(() => scrollToEnd("smooth"));
  };

  const onLoadEarlier = async () => {
    setLoadingEarlier(true);
    const element = viewport.current;
    const fromBottom = element ? element.scrollHeight - element.scrollTop : 0;
    try {
      await loadEarlier();
      requestAnimationFrame(() => {
        if (element) element.scrollTop = element.scrollHeight - fromBottom;
      });
    } catch (error) {
      showError(error);
    } finally {
      setLoadingEarlier(false);
    }
  };

  const changes = audience.changes;
  const changesOf = (message: M): LineChanges<M> | undefined =>
    changes && {
      own: user !== null && message.sender_id === user.id && message.user_class === audience.side,
      onCopy: (text) => void copy(text),
      onEdit: async (m, text) => {
        try {
          add([await changes.edit(socket, chatId, m.id, text)]);
          return true;
        } catch (error) {
          showError(error);
          return false;
        }
      },
      onDelete: (m) =>
        void (async () => {
          if (!(await confirmDelete())) return;
          try {
            add([await changes.remove(socket, chatId, m.id)]);
            if (replyTo?.id === m.id) setReplyTo(null);
          } catch (error) {
            showError(error);
          }
        })(),
    };
  const onReply = canReply
    ? (m: M) => setReplyTo({ id: m.id, sender_name: m.sender_name, message: m.message.slice(0, 300) })
    : undefined;
  // Which side wrote a quoted line (a quote of one's own line says 'You'): the quote names it; an
  // older quote does not, and the line is looked up among the loaded ones.
  const sideOf = new Map(messages.map((m) => [m.id, m.user_class] as const));
  const filling = fill || fillHeight !== undefined;

  return (
    <Paper
      ref={panel}
      withBorder
      radius="md"
      p={0}
      h={fillHeight}
      style={filling ? { display: "flex", flexDirection: "column", ...(fill && { flex: 1, minHeight: 0 }) } : undefined}
      data-testid={id("chat-panel")}
    >
      <Stack gap={0} style={filling ? { flex: 1, minHeight: 0 } : undefined}>
        <Group px="md" py="sm" justify="space-between" wrap="nowrap">
          {title ?? <Text fw={600}>{t("chat.title")}</Text>}
          {playerOnline && (
            <Badge color="green" variant="dot" style={{ flexShrink: 0 }} data-testid={id("chat-user-online")}>
              {t("chat.online")}
            </Badge>
          )}
        </Group>
        <Divider />
        <div style={{ position: "relative", ...(filling && { flex: 1, minHeight: 0 }) }}>
          <ScrollArea
            h={filling ? "100%" : audience.height}
            viewportRef={viewport}
            onScrollPositionChange={onScroll}
            type="auto"
            offsetScrollbars
          >
            <Stack gap="sm" p="md" data-testid={id("chat-messages")}>
              {chat.isPending && (
                <Center py="xl">
                  <Loader size="sm" />
                </Center>
              )}
              {chat.data?.has_more && (
                <Center>
                  <Button variant="subtle" size="xs" onClick={onLoadEarlier} loading={loadingEarlier}>
                    {t("chat.load_earlier")}
                  </Button>
                </Center>
              )}
              {chat.isSuccess && !chat.data.has_more && lead}
              {chat.isSuccess && messages.length === 0 && (
                <Stack align="center" gap={4} py={60} c="dimmed" data-testid={id("chat-empty")}>
                  <IconMessages size={32} stroke={1.5} />
                  <Text size="sm" ta="center" maw={360}>
                    {t("chat.empty")}
                  </Text>
                </Stack>
              )}
              {messages.map((message, index) =>
                message.type === "message" ? (
                  <ChatMessageItem
                    key={message.id}
                    audience={audience}
                    message={message}
                    onReply={onReply}
                    changes={changesOf(message)}
                    continued={audience.messenger && continuesGroup(messages[index - 1], message)}
                    quotedSide={
                      message.reply_to ? (message.reply_to.user_class ?? sideOf.get(message.reply_to.id)) : undefined
                    }
                    now={now}
                  />
                ) : (
                  <Fragment key={message.id}>{systemLine(message)}</Fragment>
                ),
              )}
            </Stack>
          </ScrollArea>
          {!atEnd && (
            <ActionIcon
              radius="xl"
              size="lg"
              variant="default"
              onClick={() => scrollToEnd("smooth")}
              aria-label={t("chat.scroll_to_end")}
              data-testid={id("chat-scroll-end")}
              style={{ position: "absolute", bottom: 12, insetInlineEnd: 20, boxShadow: "var(--mantine-shadow-sm)" }}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
          )}
        </div>
        <Divider />
        <div style={{ padding: "var(--mantine-spacing-md)" }}>
          {composer({ replyTo, onClearReply: () => setReplyTo(null), onSent })}
        </div>
      </Stack>
    </Paper>
  );
}

/** Now in epoch seconds, again every `everyMs` (null: never again), for times relative to now. */
function useNow(everyMs: number | null): number {
  const [now, setNow] = useState(() => Date.now() / 1000);
  useEffect(() => {
    if (everyMs === null) return;
    const timer = setInterval(() => setNow(Date.now() / 1000), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
