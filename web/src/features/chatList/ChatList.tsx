/**
 * The sidebar chat list under the navigation (spec/2-staff-ticket-work.md §2): search, Hide/Show Pinned, Only Pinned,
 * Toggle Unread, the tickets page, per-chat removal (a pinned one after confirmation), bulk
 * removal when the preference remove_all_chats_button is set; pinned first, then status order,
 * then recency; a row turns green for 10 s on a new message.
 */
import { ActionIcon, Button, Chip, Group, Loader, Stack, Text, TextInput, Tooltip } from "@mantine/core";
import { IconExternalLink, IconSearch } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { ENDED_STATUSES, TIMING } from "../../../../common/constants.ts";
import { useSession } from "../../session/SessionContext.ts";
import { confirmAction } from "../../ui/confirmAction.ts";
import { usePreferences } from "../account/api.ts";
import { markChatUnread, pinTicket, removeTicketFromChat, removeTicketsFromChat } from "./api.ts";
import { ChatListRow, ticketEditPath } from "./ChatListRow.tsx";
import { type ChatFilters, visibleChats } from "./order.ts";
import { useChatList } from "./useChatList.ts";

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/** Re-renders every second while some row is still green. */
function useNow(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!ticking) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [ticking]);
  return now;
}

export function ChatList({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation("chatList");
  const { user } = useSession();
  const { pathname } = useLocation();
  const { rows, loading, unread, pinned: showPinned, removed } = useChatList();
  const preferences = usePreferences();
  const [filters, setFilters] = useState<ChatFilters>({
    search: "",
    hidePinned: false,
    onlyPinned: false,
    onlyUnread: false,
  });
  const shown = useMemo(() => visibleChats(rows, filters, unread), [rows, filters, unread]);
  const latestMessage = Math.max(0, ...rows.map((r) => r.gotMessageAt ?? 0));
  const now = useNow(Date.now() - latestMessage < TIMING.newMessageHighlightMs);

  const log = (error: unknown) => console.error("chat list change failed", error);
  const remove = async (ticketId: number, pinned: boolean) => {
    if (pinned && !(await confirmAction({ message: t("remove_pinned_confirm"), danger: true }))) return;
    removeTicketFromChat(ticketId).then(() => removed([ticketId]), log);
  };
  const removeMany = async (ids: number[]) => {
    if (!ids.length || !user) return;
    if (!(await confirmAction({ message: t("remove_many_confirm", { count: ids.length }), danger: true }))) return;
    removeTicketsFromChat(ids, user.id).then(() => removed(ids), log);
  };
  const set = (change: Partial<ChatFilters>) => setFilters((f) => ({ ...f, ...change }));

  return (
    <Stack gap="xs" p="sm" mih={720} data-testid="chat-list" aria-label={t("title")} component="section">
      <Group justify="space-between" wrap="nowrap">
        <Text fw={600} size="sm">
          {t("title")} ({rows.length})
        </Text>
        <Tooltip label={t("open_tickets")} withinPortal>
          <ActionIcon
            component={Link}
            to="/admin/ticket"
            variant="subtle"
            size="sm"
            aria-label={t("open_tickets")}
            onClick={onNavigate}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <TextInput
        size="xs"
        leftSection={<IconSearch size={14} />}
        placeholder={t("search")}
        aria-label={t("search")}
        value={filters.search}
        onChange={(e) => set({ search: e.currentTarget.value })}
        data-testid="chat-list-search"
      />
      <Group gap={4}>
        <Chip
          size="xs"
          checked={filters.hidePinned}
          onChange={(v) => set({ hidePinned: v, onlyPinned: v ? false : filters.onlyPinned })}
          wrapperProps={{ "data-testid": "chat-list-hide-pinned" }}
        >
          {filters.hidePinned ? t("show_pinned") : t("hide_pinned")}
        </Chip>
        <Chip
          size="xs"
          checked={filters.onlyPinned}
          onChange={(v) => set({ onlyPinned: v, hidePinned: v ? false : filters.hidePinned })}
          wrapperProps={{ "data-testid": "chat-list-only-pinned" }}
        >
          {t("only_pinned")}
        </Chip>
        <Chip
          size="xs"
          checked={filters.onlyUnread}
          onChange={(v) => set({ onlyUnread: v })}
          wrapperProps={{ "data-testid": "chat-list-only-unread" }}
        >
          {t("toggle_unread")}
        </Chip>
      </Group>
      {preferences.data?.remove_all_chats_button && rows.length > 0 && (
        // Each button keeps its whole label: they share the row when both fit and stack otherwise.
        <Group gap={4} wrap="wrap">
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            style={{ flex: "1 1 auto" }}
            data-testid="chat-list-remove-all"
            onClick={() => removeMany(rows.filter((r) => !r.pinned).map((r) => r.id))}
          >
            {t("remove_all")}
          </Button>
          <Button
            size="compact-xs"
            variant="light"
            color="orange"
            style={{ flex: "1 1 auto" }}
            data-testid="chat-list-remove-ended"
            onClick={() =>
              removeMany(rows.filter((r) => !r.pinned && ENDED_STATUSES.includes(r.status)).map((r) => r.id))
            }
          >
            {t("remove_ended")}
          </Button>
        </Group>
      )}
      {loading && <Loader size="sm" mx="auto" />}
      {!loading && shown.length === 0 && (
        <Text size="xs" c="dimmed" ta="center" py="md">
          {t("empty")}
        </Text>
      )}
      <Stack gap={2}>
        {shown.map((row) => (
          <ChatListRow
            key={row.id}
            row={row}
            unread={unread[row.chat_id]}
            now={now}
            active={safeDecode(pathname) === safeDecode(ticketEditPath(row))}
            onOpen={onNavigate}
            onPin={(pinned) => pinTicket(row.id, pinned).then(() => showPinned(row.id, pinned), log)}
            onRemove={() => void remove(row.id, row.pinned)}
            onMarkUnread={() => markChatUnread(row.id).catch(log)}
          />
        ))}
      </Stack>
    </Stack>
  );
}
