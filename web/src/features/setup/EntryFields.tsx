/**
 * The fields every setup list shares (spec 3 §2.4, §5): title (required), value (a whole number,
 * the sort order) and style. Checked with the server's own rules.
 */
import { Group, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SETUP_LIMITS, styleField, titleField, valueField } from "../../../../common/schemas/setup.ts";
import type { EntryFields as Fields } from "./api.ts";
import { fieldError } from "./SetupForm.tsx";
import { StyleSelect } from "./StyleFields.tsx";

export function entryValid(draft: Fields): boolean {
  return (
    titleField.safeParse(draft.title).success &&
    valueField.safeParse(draft.value).success &&
    styleField.safeParse(draft.style).success
  );
}

export function entryDraft(entry: { title: string; value: number; style: string } | null): Fields {
  return { title: entry?.title ?? "", value: entry ? String(entry.value) : "", style: entry?.style ?? "" };
}

interface EntryFieldsProps {
  draft: Fields;
  initial: Fields;
  update(patch: Partial<Fields>): void;
}

export function EntryFields({ draft, initial, update }: EntryFieldsProps) {
  const { t } = useTranslation("setup");
  return (
    <Group grow align="flex-start" wrap="wrap">
      <TextInput
        label={t("fields.title")}
        required
        maxLength={SETUP_LIMITS.title}
        value={draft.title}
        onChange={(e) => update({ title: e.currentTarget.value })}
        error={fieldError(titleField.safeParse(draft.title).success, draft.title !== initial.title, t("errors.title"))}
        dir="auto"
        data-autofocus
        data-testid="setup-title"
        miw={200}
      />
      <TextInput
        label={t("fields.value")}
        description={t("fields.value_hint")}
        required
        inputMode="numeric"
        value={draft.value}
        onChange={(e) => update({ value: e.currentTarget.value })}
        error={fieldError(valueField.safeParse(draft.value).success, draft.value !== initial.value, t("errors.value"))}
        data-testid="setup-value"
        miw={120}
      />
      <StyleSelect value={draft.style} onChange={(style) => update({ style })} />
    </Group>
  );
}
