/** Statistics (spec/3-staff-administration.md §2.1): Tickets Overview, Ticket Count, Ticket First Reply Delay. */
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/PageHeader.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";
import { StatisticsSections } from "../../features/dashboard/StatisticsSections.tsx";

export default function StatisticsPage() {
  const { t } = useTranslation("dashboard");
  const title = t("statistics.title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return (
    <>
      <PageHeader title={title} breadcrumbs={breadcrumbs} />
      <StatisticsSections />
    </>
  );
}
