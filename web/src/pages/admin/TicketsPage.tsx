/** Staff ticket list and search (spec 2). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../components/useAdminCrumbs.ts";

export default function TicketsPage() {
  const { t } = useTranslation("dashboard");
  const title = t("tickets.title");
  const breadcrumbs = useAdminCrumbs({ label: title });
  return <PagePlaceholder title={title} breadcrumbs={breadcrumbs} />;
}
