/**
 * The form of one setup row (spec/3-staff-administration.md §2.4, §5): Submit stays disabled until the draft differs from
 * what the row holds and is valid; Cancel, or a successful submit, closes it. The fields are the
 * caller's; the draft and the buttons are the same for every setup list.
 */
import { Button, Group, Stack } from "@mantine/core";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";

export interface SetupFormProps<D> {
  initial: D;
  /** Whether the server would accept the draft (the same zod rules, common/schemas/setup.ts). */
  isValid(draft: D): boolean;
  /** Resolves true when the write succeeded (the form then closes). */
  onSubmit(draft: D): Promise<boolean>;
  onCancel(): void;
  children(draft: D, update: (patch: Partial<D>) => void): ReactNode;
  testId: string;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function SetupForm<D extends object>({
  initial,
  isValid,
  onSubmit,
  onCancel,
  children,
  testId,
}: SetupFormProps<D>) {
  const { t } = useTranslation("setup");
  const [draft, setDraft] = useState(initial);
  const [saving, setSaving] = useState(false);
  const update = (patch: Partial<D>) => setDraft((current) => ({ ...current, ...patch }));
  const ready = !same(draft, initial) && isValid(draft) && !saving;

  const submit = async () => {
    setSaving(true);
    const done = await onSubmit(draft);
    setSaving(false);
    if (done) onCancel();
  };

  return (
    <Stack
      gap="sm"
      py="xs"
      component="form"
      data-testid={testId}
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) void submit();
      }}
    >
      {children(draft, update)}
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onCancel} disabled={saving} data-testid={`${testId}-cancel`}>
          {t("actions.cancel")}
        </Button>
        <Button type="submit" disabled={!ready} loading={saving} data-testid={`${testId}-submit`}>
          {t("actions.submit")}
        </Button>
      </Group>
    </Stack>
  );
}

/** A field's error text: shown once the field was changed and the rule refuses it. */
export function fieldError(ok: boolean, changed: boolean, message: string): string | undefined {
  return !ok && changed ? message : undefined;
}
