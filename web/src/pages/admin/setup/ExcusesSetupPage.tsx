/** Fast-action excuses (spec 3 §2.4). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";

export default function ExcusesSetupPage() {
  const { t } = useTranslation("settings");
  const title = t("setup.excuses.title");
  const breadcrumbs = useAdminCrumbs({ label: t("setup", { ns: "sidebar" }) }, { label: title });
  return <PagePlaceholder title={title} subtitle={t("setup.excuses.subtitle")} breadcrumbs={breadcrumbs} />;
}
