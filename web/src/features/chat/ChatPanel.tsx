/**
 * The ticket's chat for its player: the conversation (older pages on demand), live updates, and
 * the reply box, which goes once the ticket has ended (spec 1 §2, §4).
 */
import { ActionIcon, Alert, Button, Center, Divider, Loader, Paper, ScrollArea, Stack, Text } from "@mantine/core";
import { IconArrowDown, IconLock, IconMessages } from "@tabler/icons-react";
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { showError } from "../../ui/errorDialogStore.ts";
import type { ChatMessage, ReplyQuote } from "./api.ts";
import { ChatMessageItem } from "./ChatMessageItem.tsx";
import { ReplyBox } from "./ReplyBox.tsx";
import { useTicketChat } from "./useTicketChat.ts";

/** How far from the end the reader may be and still follow new messages (spec 2 §9: 50 px). */
const FOLLOW_DISTANCE = 50;

interface ChatPanelProps {
  chatId: string;
  ticketId: number;
  ended: boolean;
}

export function ChatPanel({ chatId, ticketId, ended }: ChatPanelProps) {
  const { t } = useTranslation("edit");
  const { chat, add, loadEarlier } = useTicketChat(chatId, ticketId);
  const viewport = useRef<HTMLDivElement>(null);
  const [replyTo, setReplyTo] = useState<ReplyQuote | null>(null);
  const [atEnd, setAtEnd] = useState(true);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const messages = chat.data?.chat ?? [];
  const lastId = messages[messages.length - 1]?.id;

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
    setAtEnd(element.scrollHeight - element.scrollTop - element.clientHeight <= FOLLOW_DISTANCE);
  };

  const onSent = (message: ChatMessage) => {
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

  return (
    <Paper withBorder radius="md" p={0} data-testid="chat-panel">
      <Stack gap={0}>
        <Text fw={600} px="md" py="sm">
          {t("chat.title")}
        </Text>
        <Divider />
        <div style={{ position: "relative" }}>
          <ScrollArea h={460} viewportRef={viewport} onScrollPositionChange={onScroll} type="auto" offsetScrollbars>
            <Stack gap="sm" p="md" data-testid="chat-messages">
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
              {chat.isSuccess && messages.length === 0 && (
                <Stack align="center" gap={4} py={60} c="dimmed" data-testid="chat-empty">
                  <IconMessages size={32} stroke={1.5} />
                  <Text size="sm" ta="center" maw={360}>
                    {t("chat.empty")}
                  </Text>
                </Stack>
              )}
              {messages.map((message) => (
                <ChatMessageItem
                  key={message.id}
                  message={message}
                  onReply={
                    ended
                      ? undefined
                      : (m) => setReplyTo({ id: m.id, sender_name: m.sender_name, message: m.message.slice(0, 300) })
                  }
                />
              ))}
            </Stack>
          </ScrollArea>
          {!atEnd && (
            <ActionIcon
              radius="xl"
              size="lg"
              variant="default"
              onClick={() => scrollToEnd("smooth")}
              aria-label={t("chat.scroll_to_end")}
              style={{ position: "absolute", bottom: 12, insetInlineEnd: 20, boxShadow: "var(--mantine-shadow-sm)" }}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
          )}
        </div>
        <Divider />
        <div style={{ padding: "var(--mantine-spacing-md)" }}>
          {ended ? (
            <Alert color="gray" variant="light" icon={<IconLock size={18} />} data-testid="chat-ended">
              {t("chat.ended")}
            </Alert>
          ) : (
            <ReplyBox chatId={chatId} replyTo={replyTo} onClearReply={() => setReplyTo(null)} onSent={onSent} />
          )}
        </div>
      </Stack>
    </Paper>
  );
}
