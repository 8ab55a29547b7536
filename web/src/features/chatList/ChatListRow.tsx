/** One chat of the sidebar list: opens the ticket page; pin, remove, mark unread, unread marks, green on a new message. */
import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconAt, IconMail, IconPin, IconPinnedOff, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { TIMING, type TicketStatus } from "../../../../common/constants.ts";
import type { UnreadChat } from "../../../../common/schemas/chatList.ts";
import { encodeTicketInfo } from "../../../../common/ticket-code.ts";
import { statusLabelKey } from "../tickets/ticketDisplay.ts";
import type { ChatRow } from "./order.ts";

const STATUS_COLOR: Record<TicketStatus, string> = {
  "NEW TICKET": "blue",
  "WAITING DEV": "orange",
  "ON HOLD": "yellow",
  REPLIED: "teal",
  RESOLVED: "green",
  CLOSED: "gray",
};

export function ticketEditPath(row: Pick<ChatRow, "id" | "email" | "createdAt">): string {
  return `/admin/${encodeTicketInfo({ ticketId: row.id, email: row.email, ticketNumber: row.createdAt })}/edit`;
}

interface ChatListRowProps {
  row: ChatRow;
  unread: UnreadChat | undefined;
  now: number;
  active: boolean;
  onPin(pinned: boolean): void;
  onRemove(): void;
  /** Mark unread: the badge comes back until the ticket is opened again. */
  onMarkUnread(): void;
  onOpen(): void;
}

export function ChatListRow({ row, unread, now, active, onPin, onRemove, onMarkUnread, onOpen }: ChatListRowProps) {
  const { t } = useTranslation("chatList");
  const highlighted = row.gotMessageAt !== undefined && now - row.gotMessageAt < TIMING.newMessageHighlightMs;
  const unreadCount = (unread?.n_unread_chat ?? 0) + (unread?.n_unread_notes ?? 0);
  const marked = unreadCount === 0 && !!unread?.marked_unread;
  // The row's buttons repeat down the list: each names its chat, after the tooltip's words.
  const chatName = row.name || row.email;
  return (
    <Box
      data-testid={`chat-row-${row.id}`}
      data-highlighted={highlighted ? "true" : "false"}
      data-pinned={row.pinned ? "true" : "false"}
      data-unread={unreadCount > 0 || unread?.tagged || marked ? "true" : "false"}
      px="xs"
      py={6}
      style={{
        borderRadius: "var(--mantine-radius-sm)",
        transition: "background-color 300ms",
        backgroundColor: highlighted
          ? "var(--mantine-color-green-light)"
          : active
            ? "var(--mantine-color-default-hover)"
            : undefined,
      }}
    >
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Box
          style={{
            flex: 1,
            minWidth: 0,
            textDecoration: "none",
            color: "inherit",
            display: "flex",
            flexDirection: "column",
            gap: 2,
          }}
          component={Link}
          to={ticketEditPath(row)}
          onClick={onOpen}
          data-testid="chat-row-link"
        >
          <Group gap={4} wrap="nowrap">
            <Text size="sm" fw={unreadCount > 0 || marked ? 700 : 500} truncate="end" style={{ flex: 1 }}>
              {chatName}
            </Text>
            {unread?.tagged && <IconAt size={14} aria-label={t("tagged")} color="var(--mantine-color-violet-6)" />}
            {unreadCount > 0 && (
              <Badge size="xs" color="red" circle data-testid="chat-row-unread">
                {unreadCount}
              </Badge>
            )}
            {marked && (
              <Badge
                size="xs"
                color="red"
                circle
                aria-label={t("marked_unread")}
                title={t("marked_unread")}
                data-testid="chat-row-unread"
              >
                {"•"}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" truncate="end">
            #{row.createdAt} · {row.subject}
          </Text>
          <Badge size="xs" variant="light" color={STATUS_COLOR[row.status]} style={{ alignSelf: "flex-start" }}>
            {t(statusLabelKey(row.status))}
          </Badge>
        </Box>
        <Stack gap={2}>
          <Tooltip label={row.pinned ? t("unpin") : t("pin")} withinPortal>
            <ActionIcon
              size="sm"
              variant={row.pinned ? "filled" : "subtle"}
              color={row.pinned ? "blue" : "gray"}
              aria-label={t(row.pinned ? "unpin_chat" : "pin_chat", { name: chatName })}
              aria-pressed={row.pinned}
              data-testid="chat-row-pin"
              onClick={() => onPin(!row.pinned)}
            >
              {row.pinned ? <IconPinnedOff size={14} /> : <IconPin size={14} />}
            </ActionIcon>
          </Tooltip>
          {unreadCount === 0 && !marked && (
            <Tooltip label={t("mark_unread")} withinPortal>
              <ActionIcon
                size="sm"
                variant="subtle"
                color="gray"
                aria-label={t("mark_chat_unread", { name: chatName })}
                data-testid="chat-row-mark-unread"
                onClick={onMarkUnread}
              >
                <IconMail size={14} />
              </ActionIcon>
            </Tooltip>
          )}
          <Tooltip label={t("remove_chat")} withinPortal>
            <ActionIcon
              size="sm"
              variant="subtle"
              color="gray"
              aria-label={t("remove_chat_with", { name: chatName })}
              data-testid="chat-row-remove"
              onClick={onRemove}
            >
              <IconX size={14} />
            </ActionIcon>
          </Tooltip>
        </Stack>
      </Group>
    </Box>
  );
}
