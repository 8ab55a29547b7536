/**
 * The form of one announcement row (spec/3-staff-administration.md §2.4, §5): title and message (300 characters, with a
 * counter), the English pair for player announcements, value, start date (today by default) and
 * end date or Indefinite. Save stays disabled until canSave holds.
 */
import { Button, Divider, Group, NumberInput, SimpleGrid, Switch, Text, Title } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { CONTENT_LIMITS } from "../../../../common/schemas/content.ts";
import { LocalizedDates } from "../../ui/LocalizedDates.tsx";
import { LimitedTextarea, LimitedTextInput } from "../tickets/LimitedInputs.tsx";
import { type AnnouncementDraft, setIndefinite } from "./announcementDraft.ts";
import { bindText, SetupForm } from "./SetupForm.tsx";

interface AnnouncementEditorProps {
  draft: AnnouncementDraft;
  isNew: boolean;
  withEnglish: boolean;
  saveAllowed: boolean;
  saving: boolean;
  onChange(change: Partial<AnnouncementDraft> | ((draft: AnnouncementDraft) => AnnouncementDraft)): void;
  onSave(): void;
  onCancel(): void;
}

const DATE_FORMAT = "DD.MM.YYYY";

export function AnnouncementEditor({
  draft,
  isNew,
  withEnglish,
  saveAllowed,
  saving,
  onChange,
  onSave,
  onCancel,
}: AnnouncementEditorProps) {
  const { t } = useTranslation("content");
  const text = bindText<AnnouncementDraft, "title" | "message" | "engTitle" | "engMessage">(draft, onChange);
  return (
    <SetupForm allowed={saveAllowed} onSubmit={onSave} testId="announcement-form">
      <Title order={4} size="h5">
        {t(isNew ? "setup.new_row" : "setup.edit_row")}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <LimitedTextInput label={t("setup.title")} required limit={CONTENT_LIMITS.title} {...text("title")} />
        <NumberInput
          label={t("setup.value")}
          required
          allowDecimal={false}
          value={draft.value}
          onChange={(value) => onChange({ value })}
        />
      </SimpleGrid>
      <LimitedTextarea
        label={t("setup.message")}
        required
        autosize
        minRows={2}
        limit={CONTENT_LIMITS.announcementMessage}
        {...text("message")}
      />
      {withEnglish && (
        <>
          <Divider label={t("setup.english_section")} labelPosition="left" />
          <Text size="xs" c="dimmed">
            {t("setup.english_hint")}
          </Text>
          <LimitedTextInput label={t("setup.eng_title")} required limit={CONTENT_LIMITS.title} {...text("engTitle")} />
          <LimitedTextarea
            label={t("setup.eng_message")}
            required
            autosize
            minRows={2}
            limit={CONTENT_LIMITS.announcementMessage}
            {...text("engMessage")}
          />
        </>
      )}
      <LocalizedDates>
        <SimpleGrid cols={{ base: 1, sm: 3 }} style={{ alignItems: "end" }}>
          <DatePickerInput
            label={t("setup.start_date")}
            required
            valueFormat={DATE_FORMAT}
            leftSection={<IconCalendar size={16} />}
            value={draft.startDate}
            onChange={(startDate) => onChange({ startDate })}
            data-testid="announcement-start"
          />
          <DatePickerInput
            label={t("setup.end_date")}
            required={!draft.indefinite}
            disabled={draft.indefinite}
            valueFormat={DATE_FORMAT}
            leftSection={<IconCalendar size={16} />}
            minDate={draft.startDate ?? undefined}
            value={draft.endDate}
            onChange={(endDate) => onChange({ endDate })}
            data-testid="announcement-end"
          />
          <Switch
            label={t("setup.indefinite")}
            checked={draft.indefinite}
            onChange={(event) => {
              const indefinite = event.currentTarget.checked;
              onChange((current) => setIndefinite(current, indefinite));
            }}
            mb={8}
            data-testid="announcement-indefinite"
          />
        </SimpleGrid>
      </LocalizedDates>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel} data-testid="announcement-cancel">
          {t("setup.cancel")}
        </Button>
        <Button type="submit" disabled={!saveAllowed} loading={saving} data-testid="announcement-save">
          {t("setup.save")}
        </Button>
      </Group>
    </SetupForm>
  );
}
