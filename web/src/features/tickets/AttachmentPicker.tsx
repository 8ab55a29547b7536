/**
 * Up to five attachments with the spec's checks: a file of another type shows 'Unacceptable file
 * type' inline, an oversized one the WARNING dialog (file_size_exceeded); both clear the selection.
 */
import { ActionIcon, Button, FileButton, Group, Pill, Stack, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LIMITS } from "../../../../common/constants.ts";
import { showWarning } from "../../ui/errorDialogStore.ts";
import { ERROR_TEXT_VALUES } from "../../ui/errorTextValues.ts";
import { ACCEPT_ATTRIBUTE, addFiles } from "./attachments.ts";

/** The chosen files and the inline message about them, owned by the form that sends them. */
export function useFileSelection() {
  const [files, setFiles] = useState<File[]>([]);
  /** An errors-namespace key: unacceptable_file_type or too_many_files. */
  const [error, setError] = useState<string | null>(null);
  const clear = useCallback(() => {
    setFiles([]);
    setError(null);
  }, []);
  return { files, setFiles, error, setError, clear };
}
export type FileSelection = ReturnType<typeof useFileSelection>;

interface AttachmentPickerProps {
  selection: FileSelection;
  disabled?: boolean;
  /** Icon-only button, for the chat reply box. */
  compact?: boolean;
  /** Shown at the far end of the button row (the reply box's Send button). */
  trailing?: ReactNode;
}

export function AttachmentPicker({ selection, disabled, compact, trailing }: AttachmentPickerProps) {
  const { t } = useTranslation("edit");
  const reset = useRef<() => void>(null);
  const { files, setFiles: onChange, error, setError } = selection;

  const onPick = (picked: File[]) => {
    reset.current?.();
    if (!picked.length) return;
    const result = addFiles(files, picked);
    if (!result.ok) {
      onChange([]);
      if (result.reason === "type") setError("unacceptable_file_type");
      else {
        setError(null);
        showWarning("file_size_exceeded");
      }
      return;
    }
    setError(result.dropped > 0 ? "too_many_files" : null);
    onChange(result.files);
  };

  const full = files.length >= LIMITS.attachments;
  const button = (
    <FileButton onChange={onPick} accept={ACCEPT_ATTRIBUTE} multiple resetRef={reset} disabled={disabled || full}>
      {(props) =>
        compact ? (
          <ActionIcon
            {...props}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label={t("chat.attach")}
            data-testid="attach-button"
          >
            <IconPaperclip size={20} />
          </ActionIcon>
        ) : (
          <Button {...props} variant="default" leftSection={<IconPaperclip size={16} />} data-testid="attach-button">
            {t("create_ticket.attach")}
          </Button>
        )
      }
    </FileButton>
  );

  return (
    <Stack gap={6}>
      {files.length > 0 && (
        <Group gap={6} data-testid="attachment-list">
          {files.map((file) => (
            <Pill
              key={`${file.name}-${file.lastModified}`}
              withRemoveButton
              onRemove={() => {
                setError(null);
                onChange(files.filter((f) => f !== file));
              }}
              removeButtonProps={{ "aria-label": t("create_ticket.remove_file", { name: file.name }) }}
              disabled={disabled}
              maw={240}
            >
              {file.name}
            </Pill>
          ))}
        </Group>
      )}
      <Group gap="sm" wrap="nowrap">
        {button}
        <Text
          size="xs"
          c={error ? "red" : "dimmed"}
          role={error ? "alert" : undefined}
          data-testid="attachment-hint"
          style={{ flex: 1 }}
        >
          {error
            ? t(`errors:${error}`, ERROR_TEXT_VALUES[error] ?? {})
            : t("create_ticket.attach_hint", { count: files.length, max: LIMITS.attachments })}
        </Text>
        {trailing}
      </Group>
    </Stack>
  );
}
