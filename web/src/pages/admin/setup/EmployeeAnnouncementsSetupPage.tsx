/** Announcements for employees (spec 3 §2.4). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";

export default function EmployeeAnnouncementsSetupPage() {
  const { t } = useTranslation("content");
  const title = t("employee_announcements.title");
  const breadcrumbs = useAdminCrumbs({ label: t("setup", { ns: "sidebar" }) }, { label: title });
  return <PagePlaceholder title={title} subtitle={t("employee_announcements.subtitle")} breadcrumbs={breadcrumbs} />;
}
