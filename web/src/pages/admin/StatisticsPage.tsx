/** Statistics (spec 3 §2.1): Tickets Overview, Ticket Count, Ticket First Reply Delay. */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";

export default function StatisticsPage() {
  const { t } = useTranslation("dashboard");
  const title = t("statistics.title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return <PagePlaceholder title={title} breadcrumbs={breadcrumbs} />;
}
