/**
 * Staff dashboard (spec/3-staff-administration.md §2.1): the server-capacity warning, the employee and player
 * announcements, the statistics widgets and the changelog; for a new help desk also the prompt to
 * replace a generated password and the admins' first-run checklist (docs/decisions/first-start.md).
 * Each block is its own feature component and decides by itself whether the signed-in user may
 * see it.
 */
import { Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { DashboardAnnouncements } from "../../features/content/DashboardAnnouncements.tsx";
import { ChangelogTimeline } from "../../features/dashboard/ChangelogTimeline.tsx";
import { DashboardStats } from "../../features/dashboard/DashboardStats.tsx";
import { FirstRunChecklist } from "../../features/dashboard/FirstRunChecklist.tsx";
import { PasswordChangePrompt } from "../../features/dashboard/PasswordChangePrompt.tsx";
import { ServerCapacityWarning } from "../../features/dashboard/ServerCapacityWarning.tsx";

export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const title = t("title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return (
    <Stack gap="lg">
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <ServerCapacityWarning />
      <PasswordChangePrompt />
      <FirstRunChecklist />
      <DashboardAnnouncements />
      <DashboardStats />
      <ChangelogTimeline />
    </Stack>
  );
}
