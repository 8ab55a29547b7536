/**
 * One internal note: writer, time, quoted note, text with tags, `Edited`, and `Message deleted.`
 * for a deleted one. Reply for everyone; edit and delete on one's own notes only (spec/2-staff-ticket-work.md §6).
 */
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Textarea, Tooltip } from "@mantine/core";
import { IconArrowBackUp, IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../../ui/formatDate.ts";
import type { Note, StaffEntry } from "./api.ts";
import { TaggedText } from "./TaggedText.tsx";

interface NoteItemProps {
  note: Note;
  own: boolean;
  staff: readonly StaffEntry[];
  onReply(note: Note): void;
  onEdit(note: Note, text: string): Promise<boolean>;
  onDelete(note: Note): void;
}

export function NoteItem({ note, own, staff, onReply, onEdit, onDelete }: NoteItemProps) {
  const { t } = useTranslation("staffChat");
  const [editing, setEditing] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const save = async () => {
    if (editing === null || !editing.trim()) return;
    setSaving(true);
    try {
      if (await onEdit(note, editing)) setEditing(null);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper
      withBorder
      radius="md"
      px="sm"
      py={6}
      data-testid="note-item"
      data-note-id={note.id}
      bg={own ? "var(--mantine-color-yellow-light)" : undefined}
    >
      <Stack gap={4}>
        <Group gap={6} justify="space-between" wrap="nowrap">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            <Text size="xs" fw={600} truncate>
              {note.sender_name}
            </Text>
            {/* On one's own yellow note the dimmed grey falls under 4.5:1 in dark: the text colour. */}
            <Text size="xs" c={own ? "var(--mantine-color-text)" : "dimmed"}>
              {formatDateTime(note.timestamp)}
            </Text>
            {note.edited && !note.deleted && (
              <Badge size="xs" variant="light" color="gray" data-testid="note-edited">
                {t("notes.edited")}
              </Badge>
            )}
          </Group>
          {!note.deleted && editing === null && (
            <Group gap={2} wrap="nowrap">
              <Tooltip label={t("notes.reply")}>
                <ActionIcon variant="subtle" size="sm" aria-label={t("notes.reply")} onClick={() => onReply(note)}>
                  <IconArrowBackUp size={14} />
                </ActionIcon>
              </Tooltip>
              {own && (
                <>
                  <Tooltip label={t("notes.edit")}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      aria-label={t("notes.edit")}
                      data-testid="note-edit"
                      onClick={() => setEditing(note.message)}
                    >
                      <IconPencil size={14} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t("notes.delete")}>
                    <ActionIcon
                      variant="subtle"
                      size="sm"
                      color="red"
                      aria-label={t("notes.delete")}
                      data-testid="note-delete"
                      onClick={() => onDelete(note)}
                    >
                      <IconTrash size={14} />
                    </ActionIcon>
                  </Tooltip>
                </>
              )}
            </Group>
          )}
        </Group>
        {note.reply_to && !note.deleted && (
          <Paper px="xs" py={2} radius="sm" style={{ borderInlineStart: "3px solid var(--mantine-color-blue-5)" }}>
            <Text size="xs" fw={600}>
              {note.reply_to.sender_name}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={2} dir="auto">
              {note.reply_to.message || t("notes.deleted")}
            </Text>
          </Paper>
        )}
        {note.deleted ? (
          <Text size="sm" fs="italic" c="dimmed" data-testid="note-deleted">
            {t("notes.deleted")}
          </Text>
        ) : editing !== null ? (
          <Stack gap={4}>
            <Textarea
              autosize
              minRows={2}
              maxRows={6}
              dir="auto"
              value={editing}
              onChange={(e) => setEditing(e.currentTarget.value)}
              data-testid="note-edit-input"
              aria-label={t("notes.edit")}
            />
            <Group gap="xs" justify="flex-end">
              <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                {t("notes.cancel")}
              </Button>
              <Button
                size="xs"
                loading={saving}
                disabled={!editing.trim() || editing.trim() === note.message}
                onClick={save}
                data-testid="note-edit-save"
              >
                {t("notes.save")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <TaggedText text={note.message} staff={staff} />
        )}
      </Stack>
    </Paper>
  );
}
