/** Staff dashboard (spec 3 §2.1): announcements, charts and changelog come later. */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";

export default function DashboardPage() {
  const { t } = useTranslation("dashboard");
  const title = t("title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return <PagePlaceholder title={title} breadcrumbs={breadcrumbs} />;
}
