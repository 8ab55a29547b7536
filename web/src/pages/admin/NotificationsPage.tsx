/** Staff notifications list (spec 2). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";

export default function NotificationsPage() {
  const { t } = useTranslation("dashboard");
  const title = t("notifications.title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return <PagePlaceholder title={title} breadcrumbs={breadcrumbs} />;
}
