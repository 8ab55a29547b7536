/**
 * The preference flags (spec/3-staff-administration.md §2.5): saved together, then 'Preferences saved.' for 3 seconds.
 * The saved record goes into the shared preferences query, so the chat list and the alerts of
 * this tab (and, by the user_preferences event, of every other tab) follow at once.
 */
import { Alert, Button, Group, Paper, Stack, Switch } from "@mantine/core";
import { IconCircleCheck } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { TIMING } from "../../../../common/constants.ts";
import type { UserPreferences } from "../../../../common/schemas/auth.ts";
import { PREFERENCE_FLAGS, type PreferenceFlag } from "../../../../common/schemas/profile.ts";
import { showError } from "../../ui/errorDialogStore.ts";
import { saveUserPreferences, useApplyPreferences } from "./api.ts";

type Flags = Record<PreferenceFlag, boolean>;

function flagsOf(preferences: UserPreferences): Flags {
  return Object.fromEntries(PREFERENCE_FLAGS.map((flag) => [flag, preferences[flag]])) as Flags;
}

export function PreferencesForm({ saved }: { saved: UserPreferences }) {
  const { t } = useTranslation("account");
  const apply = useApplyPreferences();
  const [draft, setDraft] = useState<Flags>(() => flagsOf(saved));
  const [busy, setBusy] = useState(false);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  useEffect(() => {
    if (savedAt === null) return;
    const timer = setTimeout(() => setSavedAt(null), TIMING.preferenceSavedMs);
    return () => clearTimeout(timer);
  }, [savedAt]);

  const changed = PREFERENCE_FLAGS.some((flag) => draft[flag] !== saved[flag]);
  const save = async () => {
    setBusy(true);
    try {
      const stored = await saveUserPreferences(draft);
      apply(stored);
      setDraft(flagsOf(stored));
      setSavedAt(Date.now());
    } catch (error) {
      showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        {PREFERENCE_FLAGS.map((flag) => (
          <Switch
            key={flag}
            label={t(`preferences.flags.${flag}.label`)}
            description={t(`preferences.flags.${flag}.description`)}
            checked={draft[flag]}
            onChange={(event) => setDraft({ ...draft, [flag]: event.currentTarget.checked })}
            data-testid={`preference-${flag}`}
          />
        ))}
        <Group>
          <Button onClick={() => void save()} disabled={!changed} loading={busy} data-testid="preferences-save">
            {t("preferences.save")}
          </Button>
        </Group>
        {savedAt !== null && (
          <Alert color="green" variant="light" icon={<IconCircleCheck size={18} />} data-testid="preferences-saved">
            {t("preferences.saved")}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
