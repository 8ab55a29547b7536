/**
 * The FAQ form (spec/3-staff-administration.md §2.4): title, message, value (0 for a new one), then the English section
 * with its two hints. Submit, Delete (only when editing) and Cancel.
 */
import { Button, Divider, Group, NumberInput, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CONTENT_LIMITS } from "../../../../common/schemas/content.ts";
import { LimitedTextarea, LimitedTextInput } from "../tickets/LimitedInputs.tsx";
import type { FaqDraft } from "./faqDraft.ts";
import { bindText, SetupForm } from "./SetupForm.tsx";

interface FaqFormProps {
  draft: FaqDraft;
  submitAllowed: boolean;
  busy: boolean;
  onChange(change: Partial<FaqDraft>): void;
  onSubmit(): void;
  onCancel(): void;
  /** Shown only when editing an existing FAQ. */
  onDelete?: () => void;
}

export function FaqForm({ draft, submitAllowed, busy, onChange, onSubmit, onCancel, onDelete }: FaqFormProps) {
  const { t } = useTranslation("content");
  const text = bindText<FaqDraft, "title" | "message" | "engTitle" | "engMessage">(draft, onChange);
  return (
    <SetupForm allowed={submitAllowed} onSubmit={onSubmit} testId="faq-form">
      <LimitedTextInput label={t("faq.form_title")} required limit={CONTENT_LIMITS.title} {...text("title")} />
      <LimitedTextarea
        label={t("faq.form_message")}
        required
        autosize
        minRows={3}
        limit={CONTENT_LIMITS.faqMessage}
        {...text("message")}
      />
      <NumberInput
        label={t("faq.form_value")}
        required
        allowDecimal={false}
        maw={200}
        value={draft.value}
        onChange={(value) => onChange({ value })}
      />
      <Divider />
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {t("faq.english_hint")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("faq.english_note")}
        </Text>
      </Stack>
      <LimitedTextInput label={t("faq.form_eng_title")} required limit={CONTENT_LIMITS.title} {...text("engTitle")} />
      <LimitedTextarea
        label={t("faq.form_eng_message")}
        required
        autosize
        minRows={3}
        limit={CONTENT_LIMITS.faqMessage}
        {...text("engMessage")}
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid="faq-cancel">
          {t("faq.cancel")}
        </Button>
        {onDelete && (
          <Button color="red" variant="light" onClick={onDelete} disabled={busy} data-testid="faq-delete">
            {t("faq.delete")}
          </Button>
        )}
        <Button type="submit" disabled={!submitAllowed} loading={busy} data-testid="faq-submit">
          {t("faq.submit")}
        </Button>
      </Group>
    </SetupForm>
  );
}
