/**
 * The fields every setup list shares (spec/3-staff-administration.md §2.4, §5): title (required), value (a whole number,
 * the sort order) and style. Checked with the server's own rules.
 */
import { Group, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { SETUP_LIMITS, styleField, titleField, valueField } from "../../../../common/schemas/setup.ts";
import type { EntryFields as Fields } from "./api.ts";
import { fieldError, SetupForm } from "./SetupForm.tsx";
import { StyleSelect } from "./StyleFields.tsx";
import type { SetupList } from "./useSetupList.ts";

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

/** A setup entry's title: required, bounded, in the writer's own direction. */
export function TitleInput({
  value,
  initial,
  onChange,
}: {
  value: string;
  initial: string;
  onChange(v: string): void;
}) {
  const { t } = useTranslation("setup");
  return (
    <TextInput
      label={t("fields.title")}
      required
      maxLength={SETUP_LIMITS.title}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={fieldError(titleField.safeParse(value).success, value !== initial, t("errors.title"))}
      dir="auto"
      data-autofocus
      data-testid="setup-title"
      miw={200}
    />
  );
}

export function EntryFields({ draft, initial, update }: EntryFieldsProps) {
  const { t } = useTranslation("setup");
  return (
    <Group grow align="flex-start" wrap="wrap">
      <TitleInput value={draft.title} initial={initial.title} onChange={(title) => update({ title })} />
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

interface EntryFormProps<T extends { id: number; title: string; value: number; style: string }> {
  /** The entry in edit, or null for a new one. */
  entry: T | null;
  list: SetupList<T[]>;
  create(fields: Fields): Promise<T[]>;
  edit(id: number, fields: Fields): Promise<T[]>;
  onClose(): void;
  testId: string;
}

/** The whole form of a list that has only the shared fields (priorities, servers). */
export function EntryForm<T extends { id: number; title: string; value: number; style: string }>(
  props: EntryFormProps<T>,
) {
  const { entry, list, create, edit } = props;
  const initial = entryDraft(entry);
  return (
    <SetupForm
      initial={initial}
      isValid={entryValid}
      onSubmit={(draft) => list.apply(() => (entry ? edit(entry.id, draft) : create(draft)))}
      onCancel={props.onClose}
      testId={props.testId}
    >
      {(draft, update) => <EntryFields draft={draft} initial={initial} update={update} />}
    </SetupForm>
  );
}
