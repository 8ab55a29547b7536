/**
 * Up to five attachments, with the limits said next to the button: how many,
 * how large and which types, read from the server's public config. A file that breaks a limit is
 * refused alone and named with its reason; the good ones stay.
 */
import { ActionIcon, Button, FileButton, Group, Pill, Stack, Text } from "@mantine/core";
import { IconPaperclip } from "@tabler/icons-react";
import { type ReactNode, useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { usePublicConfig } from "../../api/config.ts";
import { isolate } from "../../ui/bidi.ts";
import { ERROR_TEXT_VALUES } from "../../ui/errorTextValues.ts";
import {
  acceptAttribute,
  addFiles,
  formatUploadSize,
  type RefusedFile,
  SPEC_UPLOAD_LIMITS,
  typeNames,
} from "./attachments.ts";

/** The chosen files and the inline messages about them, owned by the form that sends them. */
export function useFileSelection() {
  const [files, setFiles] = useState<File[]>([]);
  /** An errors-namespace key for a refusal of the server (unacceptable_file_type). */
  const [error, setError] = useState<string | null>(null);
  /** Files the picker refused on their own, by name and reason. */
  const [refused, setRefused] = useState<RefusedFile[]>([]);
  const clear = useCallback(() => {
    setFiles([]);
    setError(null);
    setRefused([]);
  }, []);
  return { files, setFiles, error, setError, refused, setRefused, clear };
}
export type FileSelection = ReturnType<typeof useFileSelection>;

/** The server's upload limits, or the spec's until its config has arrived. */
export function useUploadLimits() {
  return usePublicConfig().data?.uploads ?? SPEC_UPLOAD_LIMITS;
}

interface AttachmentPickerProps {
  selection: FileSelection;
  disabled?: boolean;
  /** Icon-only button, for the chat reply box. */
  compact?: boolean;
  /** Shown at the far end of the button row (the reply box's Send button). */
  trailing?: ReactNode;
}

export function AttachmentPicker({ selection, disabled, compact, trailing }: AttachmentPickerProps) {
  const { t, i18n } = useTranslation("edit");
  const reset = useRef<() => void>(null);
  const limits = useUploadLimits();
  const { files, setFiles: onChange, error, setError, refused, setRefused } = selection;
  const size = formatUploadSize(limits.maxBytes, i18n.language);

  const onPick = (picked: File[]) => {
    reset.current?.();
    if (!picked.length) return;
    const result = addFiles(files, picked, limits);
    setError(null);
    setRefused(result.refused);
    onChange(result.files);
  };

  const refusalText = (file: RefusedFile) => {
    const name = isolate(file.name);
    if (file.reason === "type") return t("errors:file_refused_type", { name });
    if (file.reason === "size") return t("errors:file_refused_size", { name, size: isolate(size) });
    return t("errors:file_refused_count", { name, count: limits.maxFiles });
  };

  const full = files.length >= limits.maxFiles;
  const button = (
    <FileButton
      onChange={onPick}
      accept={acceptAttribute(limits)}
      multiple
      resetRef={reset}
      disabled={disabled || full}
    >
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
                setRefused([]);
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
            : t("create_ticket.attach_hint", {
                chosen: files.length,
                max: limits.maxFiles,
                size: isolate(size),
                types: isolate(typeNames(limits).join(", ")),
              })}
        </Text>
        {trailing}
      </Group>
      {refused.length > 0 && (
        <Stack gap={2} role="alert" data-testid="attachment-refused">
          {refused.map((file) => (
            <Text key={`${file.name}-${file.reason}`} size="xs" c="red">
              {refusalText(file)}
            </Text>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
