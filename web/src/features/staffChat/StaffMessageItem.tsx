/**
 * One chat line as staff see it (spec 2 §2, §4, §6): staff messages at the end side, the player's
 * at the start side (mirrored in Arabic); the quote, text or 'Message deleted.', files, 'Edited',
 * the origin address and, on staff messages, the read ticks. Reply for every message; Copy, Edit
 * and Delete on one's own. Swiping the bubble replies.
 */
import { ActionIcon, Badge, Box, Button, Group, Menu, Paper, Stack, Text, Textarea, Tooltip } from "@mantine/core";
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
import { formatDateTime } from "../../ui/formatDate.ts";
import { useSwipeToReply } from "../chat/useSwipeToReply.ts";
import { AttachmentGallery } from "../tickets/AttachmentGallery.tsx";
import type { StaffMessage } from "./api.ts";

interface StaffMessageItemProps {
  message: StaffMessage;
  /** Whether the signed-in staff member wrote it. */
  own: boolean;
  /** Absent when no reply can be written (the ticket's category is gone). */
  onReply?(message: StaffMessage): void;
  onCopy(text: string): void;
  onEdit(message: StaffMessage, text: string): Promise<boolean>;
  onDelete(message: StaffMessage): void;
}

export function StaffMessageItem({ message, own, onReply, onCopy, onEdit, onDelete }: StaffMessageItemProps) {
  const { t } = useTranslation("staffChat");
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const fromStaff = message.user_class === "dev";
  const canChange = own && message.type === "message" && !message.deleted;
  const reply = onReply && !message.deleted ? () => onReply(message) : undefined;
  const swipe = useSwipeToReply(editing === null ? reply : undefined);

  const save = async () => {
    if (editing === null || !editing.trim()) return;
    setSaving(true);
    if (await onEdit(message, editing.trim())) setEditing(null);
    setSaving(false);
  };

  return (
    <Group
      justify={fromStaff ? "flex-end" : "flex-start"}
      wrap="nowrap"
      align="flex-start"
      gap={4}
      data-testid={fromStaff ? "staff-chat-message-staff" : "staff-chat-message-player"}
      data-message-id={message.id}
      data-own={own || undefined}
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
        align={fromStaff ? "flex-end" : "flex-start"}
        {...swipe.handlers}
        style={swipe.style}
      >
        <Group gap={6} wrap="nowrap">
          {fromStaff && (
            <Badge size="xs" color="violet" variant="filled">
              {t("chat.staff_badge")}
            </Badge>
          )}
          <Text size="xs" fw={600}>
            {message.sender_name}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(message.timestamp)}
          </Text>
        </Group>
        <Paper
          px="sm"
          py={8}
          radius="lg"
          style={{
            background: fromStaff ? "var(--mantine-color-blue-light)" : "var(--mantine-color-default-hover)",
            border: "1px solid var(--mantine-color-default-border)",
            ...(fromStaff ? { borderEndEndRadius: 4 } : { borderEndStartRadius: 4 }),
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
                data-testid="staff-chat-quote"
              >
                <Text size="xs" fw={600}>
                  {message.reply_to.sender_name}
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
              <Text size="sm" fs="italic" c="dimmed" data-testid="staff-chat-deleted">
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
                  data-testid="staff-chat-edit-input"
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
                    data-testid="staff-chat-edit-save"
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
                  data-testid="staff-chat-text"
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
            <Text size="xs" c="dimmed" data-testid="staff-chat-edited">
              {t("chat.edited")}
            </Text>
          )}
          <Text size="xs" c="dimmed" data-testid="staff-chat-origin">
            {t("chat.origin", { address: message.ip_origin })}
          </Text>
          {fromStaff && (
            <Tooltip label={message.read ? t("chat.read") : t("chat.sent")} withArrow>
              <span
                data-testid="staff-chat-ticks"
                data-read={message.read}
                role="img"
                aria-label={message.read ? t("chat.read") : t("chat.sent")}
                style={{
                  display: "inline-flex",
                  color: message.read ? "var(--mantine-color-blue-filled)" : "var(--mantine-color-dimmed)",
                }}
              >
                {message.read ? <IconChecks size={16} /> : <IconCheck size={16} />}
              </span>
            </Tooltip>
          )}
        </Group>
      </Stack>
      {!message.deleted && editing === null && (reply || canChange) && (
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              mt={22}
              aria-label={t("chat.actions")}
              data-testid="staff-chat-actions"
              style={{ order: fromStaff ? -1 : 1 }}
            >
              <IconDotsVertical size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            {reply && (
              <Menu.Item leftSection={<IconArrowBackUp size={14} />} onClick={reply} data-testid="staff-chat-reply">
                {t("chat.reply")}
              </Menu.Item>
            )}
            {canChange && (
              <>
                <Menu.Item
                  leftSection={<IconCopy size={14} />}
                  onClick={() => onCopy(message.message)}
                  disabled={!message.message}
                  data-testid="staff-chat-copy"
                >
                  {t("chat.copy")}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconPencil size={14} />}
                  onClick={() => setEditing(message.message)}
                  data-testid="staff-chat-edit"
                >
                  {t("chat.edit")}
                </Menu.Item>
                <Menu.Item
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => onDelete(message)}
                  data-testid="staff-chat-delete"
                >
                  {t("chat.delete")}
                </Menu.Item>
              </>
            )}
          </Menu.Dropdown>
        </Menu>
      )}
    </Group>
  );
}
