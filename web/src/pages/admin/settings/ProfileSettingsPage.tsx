/** Profile settings (spec/3-staff-administration.md §2.5): picture, username, e-mail and password of the signed-in staff member. */
import { Alert, Stack } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";
import { ProfileFields } from "../../../features/account/ProfileFields.tsx";
import { ProfilePicture } from "../../../features/account/ProfilePicture.tsx";
import { useSession } from "../../../session/SessionContext.ts";

export default function ProfileSettingsPage() {
  const { t } = useTranslation("account");
  const { user } = useSession();
  const title = t("profile.title");
  const breadcrumbs = useAdminCrumbs({ label: t("settings", { ns: "sidebar" }) }, { label: title });
  return (
    <Stack gap="md" maw={720}>
      <PageHeader title={title} subtitle={t("profile.subtitle")} breadcrumbs={breadcrumbs} />
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="username-warning">
        {t("profile.username_warning")}
      </Alert>
      {user && (
        <>
          <ProfilePicture user={user} />
          <ProfileFields user={user} />
        </>
      )}
    </Stack>
  );
}
