/**
 * One written chat line, for either audience (chat/audience.ts): this side's lines at the end
 * side, the other side's at the start side (mirrored in Arabic), staff lines with their badge;
 * the quote, the text or 'Message deleted.', the files, 'Edited', and what the presentation holds
 * for staff (the origin address, and read ticks on staff lines). Reply inline (not on one's own
 * lines in a messenger audience), or in the actions menu where Copy, Edit and Delete of one's own
 * lines join it, and swipe-to-reply where the audience has it. A messenger audience
 * drops the header of a line that continues its sender's group and tells today's times relatively.
 */
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Group,
  Menu,
  Paper,
  Stack,
  Text,
  Textarea,
  Tooltip,
  useDirection,
} from "@mantine/core";
import {
  IconArrowBackUp,
  IconCheck,
  IconChecks,
  IconCopy,
  IconDotsVertical,
  IconPencil,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { StaffMessage } from "../../../../common/schemas/chatResponses.ts";
import { formatDateTime } from "../../ui/formatDate.ts";
import { AttachmentGallery } from "../tickets/AttachmentGallery.tsx";
import type { ChatAudience, ChatLine } from "./audience.ts";
import { chatTimeLabel } from "./messengerLines.ts";
import { useSwipeToReply } from "./useSwipeToReply.ts";

/** Copy, Edit and Delete of one's own lines, for an audience that may change them. */
export interface LineChanges<M> {
  /** Whether the signed-in user wrote this line. */
  own: boolean;
  onCopy(text: string): void;
  onEdit(message: M, text: string): Promise<boolean>;
  onDelete(message: M): void;
}

interface ChatMessageItemProps<M extends ChatLine> {
  audience: ChatAudience<M>;
  message: M;
  /** Absent when no reply can be written (an ended player ticket, a staff ticket whose category is gone). */
  onReply?(message: M): void;
  changes?: LineChanges<M>;
  /** Continues the previous line's group (messenger audiences): no header of its own. */
  continued?: boolean;
  /** The side that wrote the quoted line, when it is loaded. */
  quotedSide?: ChatLine["user_class"];
  /** Now in epoch seconds, for the relative times of messenger audiences. */
  now?: number;
}

export function ChatMessageItem<M extends ChatLine>({
  audience,
  message,
  onReply,
  changes,
  continued = false,
  quotedSide,
  now,
}: ChatMessageItemProps<M>) {
  const { t, i18n } = useTranslation(audience.ns);
  const { dir } = useDirection();
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const id = (name: string) => `${audience.testIdPrefix}${name}`;
  const atEnd = message.user_class === audience.side;
  const fromStaff = message.user_class === "dev";
  const canChange = !!changes?.own && message.type === "message" && !message.deleted;
  const reply = onReply && !message.deleted ? () => onReply(message) : undefined;
  // A messenger offers no Reply arrow on one's own lines (the staff menu keeps Reply for every line).
  const replyArrow = audience.messenger && atEnd ? undefined : reply;
  const ownName = audience.ownNameKey ? t(audience.ownNameKey) : null;
  const quotedOwn = ownName !== null && quotedSide === audience.side;
  const time =
    audience.messenger && now !== undefined
      ? chatTimeLabel(message.timestamp, now, i18n.resolvedLanguage ?? "en")
      : formatDateTime(message.timestamp);
  const swipe = useSwipeToReply(audience.swipeToReply && editing === null ? reply : undefined);
  // Only the staff presentation carries the origin address (and read ticks with it).
  const staffView = "ip_origin" in message ? (message as StaffMessage) : null;

  const save = async () => {
    if (editing === null || !editing.trim() || !changes) return;
    setSaving(true);
    if (await changes.onEdit(message, editing.trim())) setEditing(null);
    setSaving(false);
  };

  return (
    <Group
      justify={atEnd ? "flex-end" : "flex-start"}
      wrap="nowrap"
      align="flex-start"
      gap={4}
      data-testid={id(`chat-message-${audience.lineKind[message.user_class]}`)}
      data-message-id={message.id}
      data-own={changes?.own || undefined}
      data-continued={continued || undefined}
      // A continued line sits close under its group (the list's gap is sm).
      mt={continued ? -8 : undefined}
      style={{ position: "relative" }}
    >
      {swipe.showIcon && (
        <IconArrowBackUp
          size={20}
          data-testid="swipe-reply-icon"
          style={{ position: "absolute", insetInlineStart: 4, top: 28, color: "var(--mantine-color-blue-filled)" }}
        />
      )}
      <Stack
        gap={4}
        maw={{ base: "88%", sm: "75%" }}
        align={atEnd ? "flex-end" : "flex-start"}
        {...swipe.handlers}
        style={swipe.style}
      >
        <Group gap={6} wrap="nowrap" display={continued ? "none" : undefined} data-testid={id("chat-line-header")}>
          {fromStaff && (
            <Badge size="xs" color="violet" variant="filled">
              {t(audience.staffBadgeKey)}
            </Badge>
          )}
          <Text size="xs" fw={600}>
            {atEnd && ownName ? ownName : message.sender_name}
          </Text>
          <Text
            size="xs"
            c="dimmed"
            component="time"
            dateTime={new Date(message.timestamp * 1000).toISOString()}
            title={formatDateTime(message.timestamp)}
            data-testid={id("chat-time")}
          >
            {time}
          </Text>
        </Group>
        <Paper
          px="sm"
          py={8}
          radius="lg"
          style={{
            background: atEnd ? "var(--mantine-color-blue-light)" : "var(--mantine-color-default-hover)",
            border: "1px solid var(--mantine-color-default-border)",
            // The corner nearest the speaker stays sharp; logical properties mirror in RTL.
            ...(atEnd ? { borderEndEndRadius: 4 } : { borderEndStartRadius: 4 }),
            minWidth: 0,
            maxWidth: "100%",
          }}
        >
          <Stack gap={6}>
            {message.reply_to && (
              <Box
                px="xs"
                py={4}
                style={{
                  borderInlineStart: "3px solid var(--mantine-color-blue-filled)",
                  background: "var(--mantine-color-body)",
                  borderRadius: 4,
                }}
                data-testid={id("chat-quote")}
              >
                <Text size="xs" fw={600} data-testid={id("chat-quote-name")}>
                  {quotedOwn && ownName ? ownName : message.reply_to.sender_name}
                </Text>
                <Text
                  size="xs"
                  c="dimmed"
                  lineClamp={2}
                  dir="auto"
                  fs={message.reply_to.deleted ? "italic" : undefined}
                >
                  {message.reply_to.deleted ? t("chat.deleted") : message.reply_to.message || t("chat.attachment_only")}
                </Text>
              </Box>
            )}
            {message.deleted ? (
              <Text size="sm" fs="italic" c="dimmed" data-testid={id("chat-deleted")}>
                {t("chat.deleted")}
              </Text>
            ) : editing !== null ? (
              <Stack gap={6} miw={240}>
                <Textarea
                  value={editing}
                  onChange={(event) => setEditing(event.currentTarget.value)}
                  autosize
                  minRows={2}
                  maxRows={8}
                  dir="auto"
                  aria-label={t("chat.edit_label")}
                  data-testid={id("chat-edit-input")}
                  onKeyDown={(event) => {
                    if (event.key === "Escape") setEditing(null);
                    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
                      event.preventDefault();
                      void save();
                    }
                  }}
                />
                <Group gap="xs" justify="flex-end">
                  <Button size="compact-xs" variant="default" onClick={() => setEditing(null)} disabled={saving}>
                    {t("chat.cancel")}
                  </Button>
                  <Button
                    size="compact-xs"
                    onClick={() => void save()}
                    loading={saving}
                    disabled={!editing.trim()}
                    data-testid={id("chat-edit-save")}
                  >
                    {t("chat.save")}
                  </Button>
                </Group>
              </Stack>
            ) : (
              message.message && (
                <Text
                  size="sm"
                  dir="auto"
                  style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}
                  data-testid={id("chat-text")}
                >
                  {message.message}
                </Text>
              )
            )}
            {!message.deleted && <AttachmentGallery urls={message.attachments} size={80} zoom />}
          </Stack>
        </Paper>
        <Group gap={8} wrap="nowrap">
          {message.edited && !message.deleted && (
            <Text size="xs" c="dimmed" data-testid={id("chat-edited")}>
              {t("chat.edited")}
            </Text>
          )}
          {staffView && (
            <Text size="xs" c="dimmed" data-testid={id("chat-origin")}>
              {t("chat.origin", { address: staffView.ip_origin })}
            </Text>
          )}
          {staffView && fromStaff && (
            <Tooltip label={staffView.read ? t("chat.read") : t("chat.sent")} withArrow>
              <span
                data-testid={id("chat-ticks")}
                data-read={staffView.read}
                role="img"
                aria-label={staffView.read ? t("chat.read") : t("chat.sent")}
                style={{
                  display: "inline-flex",
                  color: staffView.read ? "var(--mantine-color-blue-filled)" : "var(--mantine-color-dimmed)",
                }}
              >
                {staffView.read ? <IconChecks size={16} /> : <IconCheck size={16} />}
              </span>
            </Tooltip>
          )}
        </Group>
      </Stack>
      {editing === null && changes && (reply || canChange) && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              mt={22}
              aria-label={t("chat.actions")}
              data-testid={id("chat-actions")}
              style={{ order: atEnd ? -1 : 1 }}
            >
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {reply && (
              <Menu.Item leftSection={<IconArrowBackUp size={14} />} onClick={reply} data-testid={id("chat-reply")}>
                {t("chat.reply")}
              </Menu.Item>
            )}
            {canChange && (
              <>
                <Menu.Item
                  leftSection={<IconCopy size={14} />}
                  onClick={() => changes.onCopy(message.message)}
                  disabled={!message.message}
                  data-testid={id("chat-copy")}
                >
                  {t("chat.copy")}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(message.message)}
                  data-testid={id("chat-edit")}
                >
                  {t("chat.edit")}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => changes.onDelete(message)}
                  data-testid={id("chat-delete")}
                >
                  {t("chat.delete")}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
      {!changes && replyArrow && (
        <Tooltip label={t("chat.reply")} withArrow>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            mt={continued ? 4 : 22}
            onClick={replyArrow}
            aria-label={t("chat.reply")}
            data-testid={id("chat-reply")}
            style={{ order: atEnd ? -1 : 1 }}
          >
            <IconArrowBackUp size={16} style={dir === "rtl" ? { transform: "scaleX(-1)" } : undefined} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
