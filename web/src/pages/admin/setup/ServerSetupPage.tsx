/** Server setup (spec 3 §2.4). */
import { useTranslation } from "react-i18next";
import { PagePlaceholder } from "../../../components/PagePlaceholder.tsx";
import { useAdminCrumbs } from "../../../components/useAdminCrumbs.ts";

export default function ServerSetupPage() {
  const { t } = useTranslation("setup");
  const title = t("server.title");
  const breadcrumbs = useAdminCrumbs({ label: t("setup", { ns: "sidebar" }) }, { label: title });
  return <PagePlaceholder title={title} subtitle={t("server.subtitle")} breadcrumbs={breadcrumbs} />;
}
