/**
 * The ticket's chat as staff see it (spec 2 §2): 500 px of messages with older pages on demand,
 * live new, edited and deleted messages, read ticks and origin, Reply for every message and
 * Copy, Edit, Delete on one's own, the scroll-to-bottom button, and the reply box with Send,
 * Send and resolve, Send and close.
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
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CHAT_UI } from "../../../../common/chatConstants.ts";
import type { StaffTicket } from "../../../../common/schemas/ticketResponses.ts";
import { useSocket } from "../../realtime/SocketContext.ts";
import { useSession } from "../../session/SessionContext.ts";
import { confirmDelete } from "../../ui/confirmAction.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { useCopyToClipboard } from "../../ui/useCopyToClipboard.ts";
import { useCategories } from "../tickets/api.ts";
import { categoryTitle, isTicketEnded } from "../tickets/ticketDisplay.ts";
import {
  deleteMessage,
  editMessage,
  type ReplyQuote,
  type StaffMessage,
  useDeletedCategories,
  useStaffDirectory,
} from "./api.ts";
import { StaffMessageItem } from "./StaffMessageItem.tsx";
import { StaffReplyBox } from "./StaffReplyBox.tsx";
import { StaffSystemLine, type SystemLineNames } from "./StaffSystemLine.tsx";
import { useStaffChat } from "./useStaffChat.ts";

/** plain: Send; resolve / close: submit-and-resolve / submit-and-close (spec 2 §4). */
export type SendKind = "plain" | "resolve" | "close";

export interface StaffChatPanelProps {
  ticket: StaffTicket;
  /**
   * Asked before a message goes out: the page shows the submit warnings and, for a plain reply
   * on an ended ticket, the reopen modal. false cancels the send.
   */
  onBeforeSend: (kind: SendKind) => Promise<boolean>;
  /** After the message was stored: for resolve / close the page completes the ticket. */
  onAfterSend: (kind: SendKind) => Promise<void>;
  /** Text to put into the reply box (a picked quick reply); a new object each time. */
  insert: { text: string } | null;
}

export function StaffChatPanel({ ticket, onBeforeSend, onAfterSend, insert }: StaffChatPanelProps) {
  const { t, i18n } = useTranslation("staffChat");
  const { user } = useSession();
  const chatId = ticket.chat_id;
  const { chat, add, loadEarlier, playerOnline } = useStaffChat(chatId);
  const categories = useCategories();
  const deletedCategories = useDeletedCategories();
  const directory = useStaffDirectory();
  const { copy } = useCopyToClipboard();
  const viewport = useRef<HTMLDivElement>(null);
  const [replyTo, setReplyTo] = useState<ReplyQuote | null>(null);
  const [atEnd, setAtEnd] = useState(true);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  const messages = chat.data?.chat ?? [];
  const lastId = messages[messages.length - 1]?.id;
  const ended = isTicketEnded(ticket.status);
  // While the list loads the category counts as present; a deleted one turns the controls off.
  const categoryMissing = categories.isSuccess && !categories.data.some((c) => c.id === ticket.category);

  useEffect(() => {
    if (chat.error) showError(chat.error);
  }, [chat.error]);

  const names = useMemo<SystemLineNames>(() => {
    const people = new Map<number, string>();
    for (const u of chat.data?.users ?? []) people.set(u.id, u.name);
    for (const d of directory.data ?? []) people.set(d.id, d.name);
    const titles = new Map<number, string>();
    for (const c of [...(deletedCategories.data ?? []), ...(categories.data ?? [])])
      titles.set(c.id, categoryTitle(c, i18n.language));
    return {
      person: (id) => (id === null ? t("chat.system.nobody") : (people.get(id) ?? `#${id}`)),
      category: (id) => (id === null ? "—" : (titles.get(id) ?? `#${id}`)),
    };
  }, [chat.data?.users, directory.data, categories.data, deletedCategories.data, i18n.language, t]);

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

  const onSent = (message: StaffMessage) => {
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

  const { socket } = useSocket();
  const onEdit = async (message: StaffMessage, text: string) => {
    try {
      add([await editMessage(socket, chatId, message.id, text)]);
      return true;
    } catch (error) {
      showError(error);
      return false;
    }
  };
  const onDelete = async (message: StaffMessage) => {
    if (!(await confirmDelete())) return;
    try {
      add([await deleteMessage(socket, chatId, message.id)]);
      if (replyTo?.id === message.id) setReplyTo(null);
    } catch (error) {
      showError(error);
    }
  };
  const onReply = categoryMissing
    ? undefined
    : (m: StaffMessage) => setReplyTo({ id: m.id, sender_name: m.sender_name, message: m.message.slice(0, 300) });

  return (
    <Paper withBorder radius="md" p={0} data-testid="staff-chat-panel">
      <Stack gap={0}>
        <Group px="md" py="sm" justify="space-between">
          <Text fw={600}>{t("chat.title")}</Text>
          {playerOnline && (
            <Badge color="green" variant="dot" data-testid="staff-chat-user-online">
              {t("chat.online")}
            </Badge>
          )}
        </Group>
        <Divider />
        <div style={{ position: "relative" }}>
          <ScrollArea
            h={CHAT_UI.staffChatHeightPx}
            viewportRef={viewport}
            onScrollPositionChange={onScroll}
            type="auto"
            offsetScrollbars
          >
            <Stack gap="sm" p="md" data-testid="staff-chat-messages">
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
                <Stack align="center" gap={4} py={60} c="dimmed" data-testid="staff-chat-empty">
                  <IconMessages size={32} stroke={1.5} />
                  <Text size="sm">{t("chat.empty")}</Text>
                </Stack>
              )}
              {messages.map((message) =>
                message.type === "message" ? (
                  <StaffMessageItem
                    key={message.id}
                    message={message}
                    own={user !== null && message.sender_id === user.id && message.user_class === "dev"}
                    onReply={onReply}
                    onCopy={(text) => void copy(text)}
                    onEdit={onEdit}
                    onDelete={(m) => void onDelete(m)}
                  />
                ) : (
                  <StaffSystemLine key={message.id} message={message} names={names} />
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
              data-testid="staff-chat-scroll-end"
              style={{ position: "absolute", bottom: 12, insetInlineEnd: 20, boxShadow: "var(--mantine-shadow-sm)" }}
            >
              <IconArrowDown size={18} />
            </ActionIcon>
          )}
        </div>
        <Divider />
        <div style={{ padding: "var(--mantine-spacing-md)" }}>
          <StaffReplyBox
            chatId={chatId}
            ended={ended}
            disabled={categoryMissing}
            replyTo={replyTo}
            onClearReply={() => setReplyTo(null)}
            insert={insert}
            onBeforeSend={onBeforeSend}
            onAfterSend={onAfterSend}
            onSent={onSent}
          />
        </div>
      </Stack>
    </Paper>
  );
}
