/**
 * Preferences (spec/3-staff-administration.md §2.5): the flags, and the warnings hidden with 'don't show again'; for
 * whoever may change them, the desk-wide settings.
 */
import { Alert, Center, Loader, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";
import { usePreferences } from "../../../features/account/api.ts";
import { DeskSettings } from "../../../features/account/DeskSettings.tsx";
import { DontShowAgainReset } from "../../../features/account/DontShowAgainReset.tsx";
import { PreferencesForm } from "../../../features/account/PreferencesForm.tsx";
import { useSession } from "../../../session/SessionContext.ts";

export default function PreferenceSettingsPage() {
  const { t } = useTranslation("account");
  const { user } = useSession();
  const preferences = usePreferences();
  const title = t("preferences.title");
  const breadcrumbs = useAdminCrumbs({ label: t("settings", { ns: "sidebar" }) }, { label: title });
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={title} subtitle={t("preferences.subtitle")} breadcrumbs={breadcrumbs} />
      {preferences.data ? (
        <PreferencesForm saved={preferences.data} />
      ) : preferences.isError ? (
        <Alert color="red" variant="light">
          {t("preferences.load_failed")}
        </Alert>
      ) : (
        <Center py="lg">
          <Loader />
        </Center>
      )}
      {user && <DontShowAgainReset userId={user.id} />}
      <DeskSettings />
    </Stack>
  );
}
